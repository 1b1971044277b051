import { changeRows, codeFor, showValue } from '../../src/resources/logs/logValues';

describe('log values', () => {
  it('lines up the fields of old and new values, JSON strings included, leaving out fields empty on both sides', () => {
    expect(
      changeRows('{"name":"A","removed":0,"city":null}', { name: 'B', removed: 0, city: '', country: 'EG' }),
    ).toEqual([
      { field: 'name', before: 'A', after: 'B', changed: true },
      { field: 'removed', before: 0, after: 0, changed: false },
      { field: 'country', before: undefined, after: 'EG', changed: true },
    ]);
  });

  it('shows a value that is not an object as one row, and nothing when both are empty', () => {
    expect(changeRows(null, 'text')).toEqual([{ field: '', before: null, after: 'text', changed: true }]);
    expect(changeRows(undefined, undefined)).toEqual([]);
  });

  it('knows coded fields, so they can be shown in words', () => {
    expect(codeFor('country', 'JO')?.labelKey).toBe('app.codes.country.JO');
    expect(codeFor('gender', 2)?.labelKey).toBe('app.codes.gender.female');
    expect(codeFor('available_hours', 12)).toMatchObject({ labelKey: 'app.codes.hours', count: 12 });
    expect(codeFor('removed', 1)?.labelKey).toBe('app.users.inactive');
    expect(codeFor('name', 'x')).toBeUndefined();
  });

  it('writes lists and nested objects readably', () => {
    expect(showValue(['access_users', 'access_logs'])).toBe('access_users, access_logs');
    expect(showValue({ a: 1 })).toBe('{"a":1}');
    expect(showValue(null)).toBe('');
  });
});
