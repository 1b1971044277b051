import { changeRows, showValue } from '../../src/resources/logs/logValues';

describe('log values', () => {
  it('lines up the fields of old and new values, JSON strings included', () => {
    expect(changeRows('{"name":"A","removed":0}', { name: 'B', removed: 0, city: 'Cairo' })).toEqual([
      { field: 'name', before: 'A', after: 'B', changed: true },
      { field: 'removed', before: '0', after: '0', changed: false },
      { field: 'city', before: '', after: 'Cairo', changed: true },
    ]);
  });

  it('shows a value that is not an object as one row, and nothing when both are empty', () => {
    expect(changeRows(null, 'text')).toEqual([{ field: '', before: '', after: 'text', changed: true }]);
    expect(changeRows(undefined, undefined)).toEqual([]);
  });

  it('writes lists and nested objects readably', () => {
    expect(showValue(['access_users', 'access_logs'])).toBe('access_users, access_logs');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue(null)).toBe('');
  });
});
