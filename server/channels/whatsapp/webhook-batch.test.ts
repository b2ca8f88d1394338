import { describe, expect, it } from 'vitest';
import { readWebhookBatch } from './webhook-batch';

const metadata = (phoneNumberId: string) => ({
  display_phone_number: '+7 999 000-11-22',
  phone_number_id: phoneNumberId,
});
const text = (from: string, id: string, body: string) => ({
  from,
  id,
  timestamp: '1700000000',
  type: 'text',
  text: { body },
});

describe('readWebhookBatch', () => {
  it('reads every entry, change, message and status of a batch, and only this number’s', () => {
    const batch = readWebhookBatch(
      {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'waba',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: metadata('111'),
                  contacts: [
                    { wa_id: '79161234567', profile: { name: 'Anna' } },
                    { wa_id: '4915112345678', profile: { name: 'Boris' } },
                  ],
                  messages: [
                    text('79161234567', 'wamid.1', 'Hello'),
                    text('4915112345678', 'wamid.2', 'Guten Tag'),
                    { from: '79161234567' },
                  ],
                },
              },
              {
                field: 'messages',
                value: { metadata: metadata('222'), messages: [text('1', 'wamid.x', 'other')] },
              },
            ],
          },
          {
            id: 'waba',
            changes: [
              {
                field: 'messages',
                value: {
                  metadata: metadata('111'),
                  statuses: [
                    { id: 'wamid.out1', status: 'read', timestamp: '1' },
                    { id: 'wamid.out2', status: 'delivered', timestamp: '1' },
                    {
                      id: 'wamid.out3',
                      status: 'failed',
                      errors: [{ code: 131047, title: 'Re-engagement message' }],
                    },
                    { id: 'wamid.out4', status: 'deleted' },
                  ],
                },
              },
              {
                field: 'message_template_status_update',
                value: {
                  event: 'REJECTED',
                  message_template_id: 5551234,
                  message_template_name: 'order_ready',
                  message_template_language: 'en',
                  reason: 'INVALID_FORMAT',
                },
              },
              { field: 'account_alerts', value: {} },
            ],
          },
        ],
      },
      '111',
    );
    expect(batch?.messages.map((message) => message.providerId)).toEqual(['wamid.1', 'wamid.2']);
    expect(batch?.messages[1]?.payload).toMatchObject({
      contact: { wa_id: '4915112345678', profile: { name: 'Boris' } },
      phoneNumberId: '111',
    });
    expect(batch?.statuses).toEqual([
      { providerMessageId: 'wamid.out1', status: 'read' },
      { providerMessageId: 'wamid.out2', status: 'delivered' },
      {
        providerMessageId: 'wamid.out3',
        status: 'failed',
        error: { code: 131047, title: 'Re-engagement message' },
      },
    ]);
    expect(batch?.templates).toEqual([
      {
        providerTemplateId: '5551234',
        name: 'order_ready',
        language: 'en',
        event: 'REJECTED',
        reason: 'INVALID_FORMAT',
      },
    ]);
    expect(batch?.skipped).toEqual([
      'malformed message',
      'another phone number: 222',
      'status not handled: deleted',
      'field not handled: account_alerts',
    ]);
  });

  it('takes nothing that is not a WhatsApp Business Account webhook', () => {
    expect(readWebhookBatch({ object: 'page', entry: [] }, '111')).toBeNull();
    expect(readWebhookBatch('hello', '111')).toBeNull();
    expect(readWebhookBatch({ object: 'whatsapp_business_account' }, '111')).toBeNull();
  });
});
