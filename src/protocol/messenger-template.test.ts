import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import * as v from 'valibot';
import {
  filledTemplateText,
  parametersFit,
  templateParameterCounts,
  templateProblem,
  templateVariables,
  type TemplateParts,
} from './messenger-template';
import { COMMAND_PAYLOADS } from './commands';

const parts = (overrides: Partial<TemplateParts> = {}): TemplateParts => ({
  name: 'order_ready',
  header: 'Order {{1}}',
  text: 'Hello {{1}}, pick it up at {{2}}.',
  footer: 'Acme',
  buttons: [],
  ...overrides,
});

describe('a registered template’s rules', () => {
  it('takes a template as Meta registers it', () => {
    expect(templateProblem(parts())).toBeNull();
    expect(templateParameterCounts(parts())).toEqual({ header: 1, body: 2 });
  });

  it('refuses each thing Meta would refuse, at its field', () => {
    expect(templateProblem(parts({ name: 'Order-Ready' }))).toMatchObject({
      name: 'MESSENGER_TEMPLATE_NAME_INVALID',
      field: 'name',
    });
    expect(templateProblem(parts({ text: 'Hi {{1}} and {{3}}' }))).toMatchObject({ field: 'text' });
    expect(templateProblem(parts({ text: 'Hi {{1}} and {{1}}' }))).toMatchObject({ field: 'text' });
    expect(templateProblem(parts({ header: '{{2}}' }))).toMatchObject({ field: 'header' });
    expect(templateProblem(parts({ footer: 'Bye {{1}}' }))).toMatchObject({ field: 'footer' });
    const url = (n: number) => ({
      kind: 'url' as const,
      text: `L${String(n)}`,
      link: 'https://a.example',
    });
    expect(templateProblem(parts({ buttons: [url(1), url(2), url(3)] }))).toMatchObject({
      name: 'TOO_MANY_BUTTONS',
      params: { max: 2 },
    });
    expect(
      templateProblem(
        parts({ buttons: [{ kind: 'url', text: 'Go', link: 'javascript:alert(1)' }] }),
      ),
    ).toMatchObject({ name: 'VALIDATION_FAILED', field: 'buttons.0.link' });
    expect(
      templateProblem(
        parts({ buttons: [{ kind: 'phone', text: 'Call', link: '+7 (916) 123-45-67' }] }),
      ),
    ).toBeNull();
  });

  it('fills the variables into the text the thread shows', () => {
    expect(filledTemplateText(parts(), { header: ['#7'], body: ['Anna', 'Main st'] })).toBe(
      'Order #7\n\nHello Anna, pick it up at Main st.\n\nAcme',
    );
    expect(templateVariables('{{ 2 }} then {{1}}')).toEqual([2, 1]);
  });

  it('takes values only one per variable, each filled on one line', () => {
    const ok = { header: ['#7'], body: ['Anna', 'Main st'] };
    expect(parametersFit(parts(), ok)).toBe(true);
    expect(parametersFit(parts(), { ...ok, body: ['Anna'] })).toBe(false);
    expect(parametersFit(parts(), { ...ok, body: ['Anna', 'a\tb'] })).toBe(false);
    expect(parametersFit(parts(), { ...ok, body: ['Anna', 'a     b'] })).toBe(false);
    expect(parametersFit(parts(), { ...ok, header: [' '] })).toBe(false);
  });

  it('never throws on any payload the schemas let through, and names a field for each refusal', () => {
    const schema = COMMAND_PAYLOADS['messengerTemplate.create'];
    fc.assert(
      fc.property(
        fc.record({
          name: fc.string({ maxLength: 20 }),
          header: fc.option(fc.string({ maxLength: 60 }), { nil: null }),
          text: fc.string({ minLength: 1, maxLength: 200 }),
          footer: fc.option(fc.string({ maxLength: 60 }), { nil: null }),
          buttons: fc.array(
            fc.record({
              kind: fc.constantFrom('quick_reply', 'url', 'phone'),
              text: fc.string({ minLength: 1, maxLength: 25 }),
              link: fc.string({ maxLength: 40 }),
            }),
            { maxLength: 12 },
          ),
        }),
        (written) => {
          const parsed = v.safeParse(schema, {
            ...written,
            templateId: '0190f0b4-7c1a-7000-8000-000000000001',
            channelId: '0190f0b4-7c1a-7000-8000-000000000002',
            category: 'utility',
            language: 'ru',
          });
          if (!parsed.success) return;
          const problem = templateProblem(parsed.output);
          if (problem)
            expect(problem.field).toMatch(/^(name|header|text|footer|buttons(\.\d+\.link)?)$/);
        },
      ),
    );
  });
});
