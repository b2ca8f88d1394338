import { eq } from 'drizzle-orm';
import type { OptionName } from '../../../src/protocol';
import { organizations } from '../../db/schema';
import type { CommandScope } from './command-scope';
import { fail } from './domain-error';

/**
 * Refuses a command of a feature pack the organization's plan lacks, with OPTION_NOT_AVAILABLE.
 * Read from the organization's row in this transaction, not from the viewer's session: a plan
 * changed a moment ago holds for every command from then on.
 */
export async function requireOption(scope: CommandScope, option: OptionName): Promise<void> {
  if (!(await hasOption(scope, option))) fail('OPTION_NOT_AVAILABLE');
}

/** Whether the organization's plan has a feature pack now (for work that skips, not refuses). */
export async function hasOption(scope: CommandScope, option: OptionName): Promise<boolean> {
  const [org] = await scope.tx
    .select({ options: organizations.options })
    .from(organizations)
    .where(eq(organizations.id, scope.orgId));
  return org?.options.includes(option) ?? false;
}
