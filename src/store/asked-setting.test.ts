import { describe, expect, it } from 'vitest';
import { askedSetting, switchState } from './asked-setting';

describe('a switch waiting for the server', () => {
  it('shows the stored value until asked', () => {
    expect(switchState(null, { state: 'idle' }, true)).toEqual({
      checked: true,
      waiting: false,
      refused: false,
    });
  });

  it('shows the value asked for, waiting, until the stored value follows', () => {
    const asked = { value: true, after: null };
    // Being written: still the previous (no) command.
    expect(switchState(asked, { state: 'idle' }, false)).toMatchObject({
      checked: true,
      waiting: true,
    });
    expect(switchState(asked, { state: 'waiting', id: 'c' }, false)).toMatchObject({
      checked: true,
      waiting: true,
    });
    // Accepted but its event not yet here.
    expect(switchState(asked, { state: 'saved', id: 'c' }, false)).toMatchObject({
      checked: true,
      waiting: true,
    });
    expect(switchState(asked, { state: 'saved', id: 'c' }, true)).toEqual({
      checked: true,
      waiting: false,
      refused: false,
    });
  });

  it('does not take the previous command’s outcome for the new one', () => {
    const asked = { value: false, after: 'old' };
    expect(switchState(asked, { state: 'saved', id: 'old' }, false)).toMatchObject({
      checked: false,
      waiting: true,
    });
    expect(
      switchState(asked, { state: 'rejected', id: 'old', error: undefined }, true),
    ).toMatchObject({ checked: false, waiting: true, refused: false });
  });

  it('goes back to the stored value when refused', () => {
    const asked = { value: true, after: null };
    expect(switchState(asked, { state: 'rejected', id: 'c', error: undefined }, false)).toEqual({
      checked: false,
      waiting: false,
      refused: true,
    });
  });

  it('holds any value, such as a time zone, the same way', () => {
    const asked = { value: 'Europe/Berlin', after: null };
    expect(askedSetting(asked, { state: 'saved', id: 'c' }, 'Europe/Moscow')).toEqual({
      value: 'Europe/Berlin',
      waiting: true,
      refused: false,
    });
    expect(askedSetting(asked, { state: 'saved', id: 'c' }, 'Europe/Berlin')).toEqual({
      value: 'Europe/Berlin',
      waiting: false,
      refused: false,
    });
  });
});
