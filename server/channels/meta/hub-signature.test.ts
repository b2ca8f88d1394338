import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hubSignatureMatches } from './hub-signature';

const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
const sign = (secret: string, bytes: Buffer) =>
  `sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`;

describe('hubSignatureMatches', () => {
  it('takes Meta’s signature over the exact bytes, in either case of hex', () => {
    expect(hubSignatureMatches(sign('s3cret', body), 's3cret', body)).toBe(true);
    expect(
      hubSignatureMatches(
        sign('s3cret', body).toUpperCase().replace('SHA256', 'sha256'),
        's3cret',
        body,
      ),
    ).toBe(true);
  });

  it('refuses another secret, other bytes, a missing, doubled or malformed header', () => {
    const good = sign('s3cret', body);
    expect(hubSignatureMatches(sign('other', body), 's3cret', body)).toBe(false);
    expect(hubSignatureMatches(good, 's3cret', Buffer.from(`${body.toString()} `))).toBe(false);
    expect(hubSignatureMatches(undefined, 's3cret', body)).toBe(false);
    expect(hubSignatureMatches([good, good], 's3cret', body)).toBe(false);
    expect(hubSignatureMatches(`${good}zz`, 's3cret', body)).toBe(false);
    expect(hubSignatureMatches(good.replace('sha256=', 'sha1='), 's3cret', body)).toBe(false);
    expect(hubSignatureMatches(good, '', body)).toBe(false);
  });
});
