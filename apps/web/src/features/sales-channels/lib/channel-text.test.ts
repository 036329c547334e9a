import { describe, expect, it } from 'vitest';
import { channelDescription, pickedChannel } from './channel-text';

describe('channelDescription', () => {
  const channel = { description: 'Sàn thương mại điện tử lớn', description_en: 'A large marketplace' };
  it('reads the UI language', () => {
    expect(channelDescription(channel, 'vi')).toBe('Sàn thương mại điện tử lớn');
    expect(channelDescription(channel, 'en')).toBe('A large marketplace');
  });
  it('falls back to Vietnamese when there is no English text', () => {
    expect(channelDescription({ ...channel, description_en: '  ' }, 'en')).toBe('Sàn thương mại điện tử lớn');
  });
});

describe('pickedChannel', () => {
  const channels = [{ id: 4 }, { id: 9 }];
  it('takes the channel of the URL, else the first', () => {
    expect(pickedChannel(channels, '9')).toEqual({ id: 9 });
    expect(pickedChannel(channels, null)).toEqual({ id: 4 });
    expect(pickedChannel(channels, '77')).toEqual({ id: 4 });
    expect(pickedChannel(channels, 'abc')).toEqual({ id: 4 });
    expect(pickedChannel([], '9')).toBeUndefined();
  });
});
