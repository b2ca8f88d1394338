/** Who stores or uses a file: a staff member, or one customer as a channel knows them. */
export type FileOwner =
  | { kind: 'staff'; orgId: string; userId: string }
  | { kind: 'customer'; orgId: string; channelId: string; externalId: string };

/** What a stored file says of who it belongs to (the `files` columns). */
export type StoredFileOwner = {
  orgId: string;
  channelId: string | null;
  externalId: string | null;
};

/**
 * Whether `owner` may use a stored file: attach it to a message, or be answered it again for a
 * repeated upload. Staff may use any file of their organization (a customer's file may be passed
 * on); a customer only the files they uploaded themselves, so an id of someone else's file,
 * guessed or leaked, is worth nothing to them.
 */
export function mayUseFile(file: StoredFileOwner, owner: FileOwner): boolean {
  if (file.orgId !== owner.orgId) return false;
  if (owner.kind === 'staff') return true;
  return file.channelId === owner.channelId && file.externalId === owner.externalId;
}

/** The `files` columns that record a new file's owner. */
export function ownerColumns(owner: FileOwner): {
  orgId: string;
  uploadedBy: string | null;
  channelId: string | null;
  externalId: string | null;
} {
  return owner.kind === 'staff'
    ? { orgId: owner.orgId, uploadedBy: owner.userId, channelId: null, externalId: null }
    : {
        orgId: owner.orgId,
        uploadedBy: null,
        channelId: owner.channelId,
        externalId: owner.externalId,
      };
}
