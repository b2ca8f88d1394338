import { eq } from 'drizzle-orm';
import { LIMITS } from '../../../src/protocol';
import { requestCategories } from '../../db/schema';
import type { CommandScope } from '../core/command-scope';
import { fail } from '../core/domain-error';
import { requireOption } from '../core/require-option';
import { requireRight } from '../core/require-viewer';

export type CategoryRecord = typeof requestCategories.$inferSelect;

/** Category → topic → subtopic (spec §3). */
export const MAX_CATEGORY_LEVELS = 3;

/**
 * Changing request categories needs the right (spec §6) and the "chat topics" pack (spec §1).
 */
export async function requireCategoryEditor(scope: CommandScope): Promise<void> {
  requireRight(scope, 'AUTHORITY_CHAT_SESSION_CATEGORY');
  await requireOption(scope, 'OPTION_CHAT_TOPICS');
}

/**
 * The organization's whole category tree, locked until commit: moves and removals reason about
 * ancestors and descendants, and two of them racing must not build a cycle or a fourth level.
 * The tree is a settings list of tens of rows, so reading it whole is cheap.
 */
export async function lockTree(scope: CommandScope): Promise<CategoryTree> {
  const rows = await scope.tx
    .select()
    .from(requestCategories)
    .where(eq(requestCategories.orgId, scope.orgId))
    .for('update');
  return new CategoryTree(rows);
}

export class CategoryTree {
  readonly byId: ReadonlyMap<string, CategoryRecord>;

  constructor(rows: readonly CategoryRecord[]) {
    this.byId = new Map(rows.map((row) => [row.id, row]));
  }

  /** A category that is neither another organization's, unknown, nor retired. */
  live(id: string, field = 'categoryId'): CategoryRecord {
    const row = this.byId.get(id);
    if (!row || row.retired) fail('CATEGORY_NOT_FOUND', { field });
    return row;
  }

  /** 1 for a category, 2 for a topic, 3 for a subtopic. */
  level(id: string): number {
    let level = 0;
    for (
      let row = this.byId.get(id);
      row;
      row = row.parentId ? this.byId.get(row.parentId) : undefined
    )
      // A loop (never written: moves refuse one) must not hang the command.
      if (++level > this.byId.size) break;
    return level;
  }

  /** The row and every row below it, retired ones included, parents before children. */
  subtree(id: string): CategoryRecord[] {
    const root = this.byId.get(id);
    if (!root) return [];
    const out = [root];
    for (const parent of out)
      for (const row of this.byId.values()) if (row.parentId === parent.id) out.push(row);
    return out;
  }

  /** Levels the live subtree spans: 1 for a leaf, 3 for a category with subtopics. */
  height(id: string): number {
    const children = [...this.byId.values()].filter((row) => row.parentId === id && !row.retired);
    return 1 + Math.max(0, ...children.map((child) => this.height(child.id)));
  }

  /**
   * Refuses a name a live sibling holds in any case: SESSION_CATEGORY_EXISTS among top-level
   * categories, SESSION_SUBCATEGORY_EXISTS among a parent's children.
   */
  refuseTakenName(name: string, parentId: string | null, selfId: string): void {
    const lower = name.toLowerCase();
    for (const row of this.byId.values()) {
      if (row.id === selfId || row.retired || row.parentId !== parentId) continue;
      if (row.name.toLowerCase() === lower)
        fail(parentId ? 'SESSION_SUBCATEGORY_EXISTS' : 'SESSION_CATEGORY_EXISTS', {
          field: 'name',
        });
    }
  }
}

/**
 * A category name as stored: trimmed, 1 to LIMITS.categoryNameMax characters, on one line — each
 * refused by its spec §8 name. The text rule (src/protocol/text.ts) holds for every command's
 * texts before this: a control character is INVALID_CHARACTERS.
 */
export function categoryName(sent: string): string {
  const name = sent.trim();
  if (name.length > LIMITS.categoryNameMax)
    fail('SESSION_CATEGORY_NAME_TOO_LONG', { field: 'name' });
  if (name === '' || /[\t\n\r]/.test(name))
    fail('SESSION_CATEGORY_INVALID_NAME', { field: 'name' });
  return name;
}
