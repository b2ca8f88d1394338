/** Why the inbox did not keep a customer's file (attachmentProblem of src/protocol). */
type FileProblem = 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TOO_LARGE' | 'FILE_EMPTY';

const WHY: Record<FileProblem, string> = {
  FILE_TYPE_NOT_ALLOWED: 'its type is not allowed',
  FILE_TOO_LARGE: 'it is too large',
  FILE_EMPTY: 'it is empty',
};

/**
 * A customer's message text with the trace of a file the inbox could not keep: the message is
 * never lost for its file, and the operator sees what the customer sent ("[scan.exe: not kept,
 * its type is not allowed]").
 */
export function withFileNotKept(text: string, fileName: string, problem: FileProblem): string {
  const note = `[${fileName}: not kept, ${WHY[problem]}]`;
  return text === '' ? note : `${text}\n${note}`;
}
