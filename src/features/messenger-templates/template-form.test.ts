import { describe, expect, it } from 'vitest';
import {
  checkMessengerTemplateForm,
  messengerTemplateDefaults,
  messengerTemplateRefusal,
  providerName,
  type MessengerTemplateFormValues,
} from './template-form';

const CHANNEL = '0190f0b4-7c1a-7000-8000-0000000000c1';
const ID = '0190f0b4-7c1a-7000-8000-0000000000a1';

const values = (overrides: Partial<MessengerTemplateFormValues> = {}) => ({
  ...messengerTemplateDefaults(undefined, CHANNEL, 'ru'),
  name: 'Order ready',
  text: 'Здравствуйте, {{1}}!',
  ...overrides,
});

describe('the registered template panel', () => {
  it('sends the name as WhatsApp registers it, and empty header and footer as none', () => {
    const checked = checkMessengerTemplateForm(values(), ID);
    expect(checked).toMatchObject({
      ok: true,
      payload: { name: 'order_ready', language: 'ru', header: null, footer: null, buttons: [] },
    });
    expect(providerName('  Spring-Sale 2026 ')).toBe('spring_sale_2026');
  });

  it('shows each problem at its place: a field, or one button’s text or link', () => {
    const checked = checkMessengerTemplateForm(
      values({
        text: '',
        buttons: [
          { kind: 'quick_reply', text: '', link: '' },
          { kind: 'url', text: 'Open', link: 'x'.repeat(2001) },
        ],
      }),
      ID,
    );
    expect(checked).toMatchObject({
      ok: false,
      problems: {
        text: { kind: 'required' },
        'buttons.0.text': { kind: 'required' },
        'buttons.1.link': { kind: 'tooLong', max: 2000 },
      },
    });
    expect(checkMessengerTemplateForm(values({ text: 'Hi {{2}}' }), ID)).toMatchObject({
      ok: false,
      problems: { text: { kind: 'error', name: 'MESSENGER_TEMPLATE_VARIABLES_INVALID' } },
    });
    expect(
      checkMessengerTemplateForm(
        values({ buttons: [{ kind: 'phone', text: 'Call', link: 'call me' }] }),
        ID,
      ),
    ).toMatchObject({ ok: false, problems: { 'buttons.0.link': { name: 'INVALID_PHONE' } } });
  });

  it('puts the server’s refusal at the place it names, else above the buttons', () => {
    expect(
      messengerTemplateRefusal({ name: 'MESSENGER_TEMPLATE_EXISTS', params: { field: 'name' } }),
    ).toMatchObject({ field: 'name' });
    expect(
      messengerTemplateRefusal({ name: 'INVALID_PHONE', params: { field: 'buttons.2.link' } }),
    ).toMatchObject({ field: 'buttons.2.link' });
    expect(messengerTemplateRefusal({ name: 'TEMPLATE_NOT_MODIFIABLE' })).toMatchObject({
      field: null,
    });
  });
});
