import { describe, expect, it } from 'vitest';
import { readSinchCallback, sinchSignatureMatches } from './sinch-callback';

// Sinch's own test vector (sinch-sdk-node, packages/sdk-client/tests/utils/authorization.helper.test.ts).
const VECTOR = {
  body: '{"app_id":"","accepted_time":"2021-10-18T17:49:13.813615Z","project_id":"e2df3a34-a71b-4448-9db5-a8d2baad28e4","contact_create_notification":{"contact":{"id":"01FJA8B466Y0R2GNXD78MD9SM1","channel_identities":[{"channel":"SMS","identity":"48123456789","app_id":""}],"display_name":"New Test Contact","email":"new.contact@email.com","external_id":"","metadata":"","language":"EN_US"}},"message_metadata":""}',
  headers: {
    'x-sinch-webhook-signature-nonce': '01FJA8B4A7BM43YGWSG9GBV067',
    'x-sinch-webhook-signature-timestamp': '1634579353',
    'x-sinch-webhook-signature': '6bpJoRmFoXVjfJIVglMoJzYXxnoxRujzR4k2GOXewOE=',
  },
  secret: 'foo_secret1234',
};

describe('a Sinch callback', () => {
  it('is signed as Sinch’s SDK signs: over the raw body, the nonce and the timestamp', () => {
    const body = Buffer.from(VECTOR.body);
    expect(sinchSignatureMatches(VECTOR.headers, VECTOR.secret, body)).toBe(true);
    expect(sinchSignatureMatches(VECTOR.headers, 'another secret', body)).toBe(false);
    expect(
      sinchSignatureMatches(VECTOR.headers, VECTOR.secret, Buffer.from(`${VECTOR.body} `)),
    ).toBe(false);
    const withoutNonce = { ...VECTOR.headers, 'x-sinch-webhook-signature-nonce': undefined };
    expect(sinchSignatureMatches(withoutNonce, VECTOR.secret, body)).toBe(false);
  });

  it('is a Viber user’s message by Sinch’s id, a delivery report as a status, another app’s left', () => {
    const inbound = {
      app_id: 'APP1',
      message: {
        id: '01HMSG',
        direction: 'TO_APP',
        channel_identity: { channel: 'VIBERBM', identity: '375291234567', app_id: '' },
        contact_message: { text_message: { text: 'Hi' } },
      },
    };
    expect(readSinchCallback(inbound, 'APP1')).toMatchObject({
      events: [{ providerId: '01HMSG' }],
    });
    expect(readSinchCallback(inbound, 'APP2')).toMatchObject({
      events: [],
      skipped: [expect.stringMatching(/another app/)],
    });
    const report = (status: string) => ({
      app_id: 'APP1',
      message_delivery_report: {
        message_id: '01HOUT',
        status,
        reason: { code: 'RECIPIENT_NOT_REACHABLE', description: 'Not a Viber user' },
      },
    });
    expect(readSinchCallback(report('READ'), 'APP1')).toMatchObject({
      statuses: [{ providerMessageId: '01HOUT', status: 'read' }],
    });
    expect(readSinchCallback(report('FAILED'), 'APP1')).toMatchObject({
      statuses: [{ providerMessageId: '01HOUT', status: 'failed', reason: 'Not a Viber user' }],
    });
    expect(readSinchCallback(report('QUEUED_ON_CHANNEL'), 'APP1')).toMatchObject({
      statuses: [],
      skipped: ['delivery status QUEUED_ON_CHANNEL'],
    });
    expect(readSinchCallback('nonsense', 'APP1')).toEqual({ kind: 'unreadable' });
  });
});
