import { HttpError } from 'react-admin';
import { dataProvider, toListQuery } from '../../src/dataProvider';
import { saveSession } from '../../src/session';
import { json, mockFetch } from './helpers';

const user = {
  id: 7,
  name: 'Admin',
  email: 'admin@demo.test',
  type: 1,
  roles: ['admin'],
  permissions: ['access_users'],
};

describe('dataProvider', () => {
  beforeEach(() => saveSession('tok-123', user));

  it('maps page, sort, search and status to the list call and users/count to data/total', async () => {
    const calls = mockFetch(() =>
      json({
        users: [
          { id: 1, name: 'A' },
          { id: 2, name: 'B' },
        ],
        count: 42,
      }),
    );
    const result = await dataProvider.getList('users', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'sam', status: 0 },
    });
    expect(result).toEqual({
      data: [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ],
      total: 42,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url).toBe('/api/users');
    expect(calls[0].body).toEqual({
      limit: 25,
      offset: 50,
      search_text: 'sam',
      status: 0,
      order_by: 'name',
      order_direction: 'asc',
    });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('pages a search the server counted only up to its cap (count_capped) with next/previous, not a total', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, title: 'نجمة' }));
    mockFetch(() => json({ activities: rows, count: 500, count_capped: true }));
    const params = {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'id', order: 'DESC' as const },
      filter: { q: 'نجمة' },
    };
    expect(await dataProvider.getList('activities', params)).toEqual({
      data: rows,
      pageInfo: { hasPreviousPage: true, hasNextPage: true },
    });
    mockFetch(() => json({ activities: rows.slice(0, 4), count: 500, count_capped: true }));
    expect(
      (await dataProvider.getList('activities', { ...params, pagination: { page: 1, perPage: 10 } })).pageInfo,
    ).toEqual({ hasPreviousPage: false, hasNextPage: false });
    mockFetch(() => json({ activities: rows, count: 12, count_capped: false }));
    expect(await dataProvider.getList('activities', params)).toEqual({ data: rows, total: 12 });
  });

  it('leaves out a sort the API cannot do and empty filters', () => {
    expect(
      toListQuery(
        {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'removed', order: 'DESC' },
          filter: { q: '', status: undefined },
        },
        ['id', 'name'],
      ),
    ).toEqual({ limit: 10, offset: 0 });
    expect(
      toListQuery({ pagination: { page: 2, perPage: 10 }, sort: { field: 'id', order: 'DESC' }, filter: {} }, ['id']),
    ).toEqual({ limit: 10, offset: 10, order_by: 'id', order_direction: 'desc' });
  });

  it('lists teachers, active teachers, teacher requests and logs at their own calls', async () => {
    const calls = mockFetch((c) =>
      json(c.url.endsWith('/logs') ? { logs: [{ id: 1 }], count: 1 } : { users: [], count: 0 }),
    );
    const params = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' as const }, filter: {} };
    await dataProvider.getList('teachers', params);
    await dataProvider.getList('activeTeachers', params);
    await dataProvider.getList('teacherRequests', params);
    const logs = await dataProvider.getList('logs', { ...params, filter: { entity: 'role' } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/teachers',
      'POST /api/teachers/active',
      'POST /api/auth/teachers',
      'POST /api/logs',
    ]);
    expect(calls[3].body).toMatchObject({ entity: 'role', order_by: 'id', order_direction: 'desc' });
    expect(logs.total).toBe(1);
  });

  it('pages, sorts and searches roles here: GET /roles answers with all of them', async () => {
    mockFetch(() =>
      json({
        roles: [
          { id: 1, name: 'teacher' },
          { id: 2, name: 'admin' },
          { id: 3, name: 'marker' },
        ],
        count: 3,
      }),
    );
    const result = await dataProvider.getList('roles', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(result).toEqual({
      data: [
        { id: 2, name: 'admin' },
        { id: 3, name: 'marker' },
      ],
      total: 3,
    });
    const found = await dataProvider.getList('roles', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'TEA' },
    });
    expect(found.data).toEqual([{ id: 1, name: 'teacher' }]);
  });

  it('reads one user from {user}, edits it with PUT /users/save{id} and only the editable fields', async () => {
    const calls = mockFetch((c) =>
      json(
        c.method === 'GET' ? { user: { id: 12, name: 'X' }, tasks: [], childern: [] } : { user: { id: 12, name: 'Y' } },
      ),
    );
    expect((await dataProvider.getOne('users', { id: 12 })).data).toEqual({ id: 12, name: 'X' });
    const updated = await dataProvider.update('users', {
      id: 12,
      data: {
        id: 12,
        name: 'Y',
        email: 'y@x.test',
        country: 'EG',
        job_title: 'T',
        city: '',
        roles: ['admin'],
        photo: 'p.png',
      },
      previousData: { id: 12, name: 'X' },
    });
    expect(calls[0].url).toBe('/api/users/show/12');
    expect(calls[1]).toMatchObject({ method: 'PUT', url: '/api/users/save12' });
    expect(calls[1].body).toEqual({ name: 'Y', email: 'y@x.test', country: 'EG', job_title: 'T', city: null });
    expect(updated.data).toMatchObject({ id: 12, name: 'Y' });
  });

  it('creates, edits, deletes and lists children at the child calls', async () => {
    const calls = mockFetch((c) => {
      if (c.url === '/api/users/show/7')
        return json({ user: { id: 7 }, tasks: [], childern: [{ id: 3, name: 'Lina', parent_id: 7 }] });
      if (c.method === 'DELETE') return json({ message: 'app.notify.childDeleted' });
      return json({ child: { id: 3, name: 'Lina' } }, c.method === 'POST' ? 201 : 200);
    });
    await dataProvider.create('children', { data: { name: 'Lina', gender: 2, birthdate: '2018-01-01', nonsense: 1 } });
    await dataProvider.update('children', { id: 3, data: { name: 'Lina' }, previousData: { id: 3 } });
    const kids = await dataProvider.getManyReference('children', {
      target: 'parent_id',
      id: 7,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    await dataProvider.delete('children', { id: 3, previousData: { id: 3 } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/users/add/child',
      'PUT /api/users/edit/child/3',
      'GET /api/users/show/7',
      'DELETE /api/users/delete/child/3',
    ]);
    expect(calls[0].body).toEqual({ name: 'Lina', gender: 2, birthdate: '2018-01-01' });
    expect(kids).toEqual({ data: [{ id: 3, name: 'Lina', parent_id: 7 }], total: 1 });
  });

  it('deletes a waiting teacher with DELETE /users/delete/teacher {id}', async () => {
    const calls = mockFetch(() => json({ message: 'ok' }));
    await dataProvider.delete('teacherRequests', { id: '5', previousData: { id: '5' } });
    expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/users/delete/teacher', body: { id: 5 } });
  });

  it('creates and updates roles with PUT', async () => {
    const calls = mockFetch(() => json({ role: { id: 9, name: 'editor', permissions: ['access_users'] } }));
    await dataProvider.create('roles', { data: { name: 'editor', permissions: ['access_users'], extra: true } });
    await dataProvider.update('roles', {
      id: 9,
      data: { id: 9, name: 'editor', permissions: [] },
      previousData: { id: 9 },
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/roles', 'PUT /api/roles/9']);
    expect(calls[0].body).toEqual({ name: 'editor', permissions: ['access_users'] });
  });

  it('offers the non-CRUD actions as named methods', async () => {
    const calls = mockFetch(() => json({ user: { id: 4 }, roles: [1], permissions: [], effective: [], message: 'ok' }));
    await dataProvider.activateUser(4);
    await dataProvider.deactivateUser(4);
    await dataProvider.setTeacherActive(4, false);
    await dataProvider.approveTeacher(4);
    await dataProvider.approveTeacher(4, false);
    await dataProvider.updatePassword(4, { current_password: 'a', password: 'bbbbbbbb', confirm_password: 'bbbbbbbb' });
    await dataProvider.getUserRoles(4);
    await dataProvider.setUserRoles(4, { roles: [1], permissions: ['access_logs'] });
    await dataProvider.forgotPassword('a@b.test');
    await dataProvider.resetPassword({ token: 't', password: 'bbbbbbbb', confirm_password: 'bbbbbbbb' });
    await dataProvider.updatePhoto(4, new File(['x'], 'me.png', { type: 'image/png' }));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/users/activate/4',
      'POST /api/users/deactivate/4',
      'POST /api/teachers/active/4',
      'POST /api/users/add/4/1',
      'POST /api/users/add/4/0',
      'POST /api/users/update/password/4',
      'GET /api/user/roles/4',
      'PUT /api/user/roles/4',
      'POST /api/users/forgot/password',
      'POST /api/users/reset/password',
      'POST /api/users/update_photo/4',
    ]);
    expect(calls[2].body).toEqual({ active: false });
    expect(calls[7].body).toEqual({ roles: [1], permissions: ['access_logs'] });
    expect(calls[10].body).toBeInstanceOf(FormData);
    expect((calls[10].body as FormData).get('image')).toBeInstanceOf(File);
    expect(calls[10].headers.get('Content-Type')).toBeNull();
  });

  it('turns an error answer into an HttpError carrying the key and field errors', async () => {
    mockFetch(() =>
      json(
        {
          message: 'This email address is already registered',
          key: 'app.errors.emailTaken',
          errors: { email: 'app.errors.emailTaken' },
        },
        409,
      ),
    );
    const error = await dataProvider
      .update('users', { id: 1, data: { email: 'x@y.test' }, previousData: { id: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 409,
      message: 'app.errors.emailTaken',
      body: { errors: { email: 'app.errors.emailTaken' } },
    });
  });

  it('keeps the English text when the key is unknown to the console', async () => {
    mockFetch(() => json({ message: 'Something new', key: 'app.errors.somethingNew' }, 400));
    await expect(dataProvider.getOne('users', { id: 1 })).rejects.toMatchObject({
      status: 400,
      message: 'Something new',
    });
  });
});
