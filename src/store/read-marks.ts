import type { InboxDb } from './db';
import type { ReadRow } from './tables';
import { tableIndexOf, type TableIndex } from './table-index';

/**
 * When the user last read each chat, in memory (table-index.ts): a row's unread badge needs no
 * query for a chat read since its customer last wrote.
 */
export const readMarksOf = (db: InboxDb): TableIndex<ReadRow> =>
  tableIndexOf<ReadRow>(db, 'reads', (mark) => mark.chatId);
