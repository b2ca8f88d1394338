import { describe, expect, it } from 'vitest';
import { templateMessage, templateStatusOf, templateSubmission } from './template-components';

describe('templates in the Cloud API’s words', () => {
  it('submits the parts with an example per variable and the quick replies grouped first', () => {
    expect(
      templateSubmission({
        name: 'order_ready',
        category: 'utility',
        language: 'ru',
        header: 'Заказ {{1}}',
        text: 'Здравствуйте, {{1}}! Заказ ждёт вас по адресу {{2}}.',
        footer: null,
        buttons: [
          { kind: 'phone', text: 'Позвонить', link: '+7 (916) 123-45-67' },
          { kind: 'quick_reply', text: 'Спасибо', link: '' },
        ],
      }),
    ).toEqual({
      name: 'order_ready',
      language: 'ru',
      category: 'UTILITY',
      components: [
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Заказ {{1}}',
          example: { header_text: ['example 1'] },
        },
        {
          type: 'BODY',
          text: 'Здравствуйте, {{1}}! Заказ ждёт вас по адресу {{2}}.',
          example: { body_text: [['example 1', 'example 2']] },
        },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Спасибо' },
            { type: 'PHONE_NUMBER', text: 'Позвонить', phone_number: '+79161234567' },
          ],
        },
      ],
    });
  });

  it('sends a template with its values, and no components when it has no variables', () => {
    expect(
      templateMessage(
        {
          templateId: 'x',
          name: 'hello',
          language: 'en',
          parameters: { header: [], body: ['Anna'] },
        },
        '79161234567',
      ),
    ).toEqual({
      to: '79161234567',
      type: 'template',
      template: {
        name: 'hello',
        language: { code: 'en' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Anna' }] }],
      },
    });
    expect(
      templateMessage(
        { templateId: 'x', name: 'hi', language: 'ru', parameters: { header: [], body: [] } },
        '1',
      ),
    ).toEqual({ to: '1', type: 'template', template: { name: 'hi', language: { code: 'ru' } } });
  });

  it('reads Meta’s statuses as ours, and leaves the events it does not follow', () => {
    expect(templateStatusOf('APPROVED')).toBe('approved');
    expect(templateStatusOf('REJECTED')).toBe('rejected');
    expect(templateStatusOf('PAUSED')).toBe('paused');
    expect(templateStatusOf('FLAGGED')).toBeNull();
  });
});
