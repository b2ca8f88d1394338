import type { FileSource } from '../../store/file-fetch';
import { useFileUrl } from '../../store/file-url';
import { useI18n } from '../../ui/i18n';
import { initialsOf, photoFileIdOf } from './user-list';

type AvatarProps = { name: string; size?: 'small' | 'large' };

/** Initials on a coloured disc: the face of someone without a photo, or while it loads. */
function Initials({ name, size = 'small' }: AvatarProps) {
  return (
    <span className={`user-avatar user-avatar--${size} user-avatar--initials`} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}

/** A picture already in the page (an object URL), e.g. a photo just picked in the form. */
export function AvatarImage({ name, url, size = 'small' }: AvatarProps & { url: string }) {
  const { t } = useI18n();
  return (
    <img
      className={`user-avatar user-avatar--${size}`}
      src={url}
      alt={t('users.photoOf', { name })}
      data-testid="user-photo"
    />
  );
}

function StoredPhoto({
  name,
  fileId,
  source,
  size,
}: AvatarProps & { fileId: string; source: FileSource }) {
  const file = useFileUrl(fileId, source);
  return file.state === 'ready' ? (
    <AvatarImage name={name} url={file.url} size={size} />
  ) : (
    <Initials name={name} size={size} />
  );
}

/**
 * A user's photo, fetched with the session's token (staff read every file of their organization),
 * or their initials when they have none or it cannot be had.
 */
export function UserAvatar({
  name,
  photoUrl,
  source,
  size = 'small',
}: AvatarProps & { photoUrl: string | null; source: FileSource }) {
  const fileId = photoFileIdOf(photoUrl);
  return fileId ? (
    <StoredPhoto name={name} fileId={fileId} source={source} size={size} />
  ) : (
    <Initials name={name} size={size} />
  );
}
