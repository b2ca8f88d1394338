import type { SendResult } from '../adapter';

/** How far a reply of several parts got: parts the provider accepted, the first and last ids. */
type Progress = { count: number; firstId: string; lastId: string };

/**
 * Sends a reply's parts in order (a long text cut in several messages, several files), resuming
 * after the last part the provider accepted when the pipeline retries, instead of sending the
 * first parts again. `sendPart` returns the provider's id of the part; `refusal` names a
 * provider's error as a retry or a failure, or returns undefined for an error that is not the
 * provider's answer (it is thrown on). Kept per adapter, in memory: a restart between two parts
 * sends the reply again from its first part (docs/channels.md "Outbound"). The reply is known by
 * its first part's id, or by its last's (`known: 'last'`) where the provider's read receipts
 * name the last message read (VK's watermark).
 */
export class RepliesInParts {
  private readonly progress = new Map<string, Progress>();

  async send<P>(
    messageId: string,
    parts: readonly P[],
    sendPart: (part: P) => Promise<string>,
    refusal: (error: unknown) => Exclude<SendResult, { kind: 'sent' }> | undefined,
    known: 'first' | 'last' = 'first',
  ): Promise<SendResult> {
    if (parts.length === 0) return { kind: 'failed', reason: 'The reply is empty' };
    const progress = this.progress.get(messageId) ?? { count: 0, firstId: '', lastId: '' };
    for (let index = progress.count; index < parts.length; index++) {
      try {
        const id = await sendPart(parts[index] as P);
        if (index === 0) progress.firstId = id;
        progress.lastId = id;
        progress.count = index + 1;
        this.progress.set(messageId, progress);
      } catch (error) {
        const result = refusal(error);
        if (!result) throw error;
        if (result.kind === 'failed') this.progress.delete(messageId);
        return result;
      }
    }
    this.progress.delete(messageId);
    return {
      kind: 'sent',
      providerMessageId: known === 'last' ? progress.lastId : progress.firstId,
    };
  }
}
