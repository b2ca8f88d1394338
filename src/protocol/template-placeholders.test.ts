import { describe, expect, it } from 'vitest';
import { fillPlaceholders, firstNameOf, placeholdersIn } from './template-placeholders';

const values = { clientName: 'Anna Petrova', operatorName: 'Ivan Sidorov' };

describe('template placeholders', () => {
  it('fills the client and operator names, whole or first word', () => {
    expect(fillPlaceholders('Hello, {client.name}! I am {operator.firstName}.', values)).toBe(
      'Hello, Anna Petrova! I am Ivan.',
    );
    expect(fillPlaceholders('{client.firstName}, {operator.name}', values)).toBe(
      'Anna, Ivan Sidorov',
    );
  });

  it('fills every occurrence and leaves other braces alone', () => {
    expect(
      fillPlaceholders('{client.firstName} {client.firstName} {order.id} {client}', values),
    ).toBe('Anna Anna {order.id} {client}');
  });

  it('drops an unknown name with the comma or space left hanging before it', () => {
    const nameless = { clientName: '  ', operatorName: 'Ivan' };
    expect(fillPlaceholders('Hello, {client.name}!', nameless)).toBe('Hello!');
    expect(fillPlaceholders('Hello {client.firstName}', nameless)).toBe('Hello');
    expect(fillPlaceholders('Dear {client.name} customer', nameless)).toBe('Dear customer');
    expect(fillPlaceholders('{client.name}\nThanks', nameless)).toBe('\nThanks');
  });

  it('takes the first word of a name', () => {
    expect(firstNameOf('  Anna   Maria ')).toBe('Anna');
    expect(firstNameOf('')).toBe('');
  });

  it('lists the placeholders a text holds once each', () => {
    expect(placeholdersIn('{client.name} {operator.name} {client.name} {x.name}')).toEqual([
      'client.name',
      'operator.name',
    ]);
  });
});
