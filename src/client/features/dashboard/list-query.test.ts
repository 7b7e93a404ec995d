import { describe, expect, it } from 'vitest';
import {
  apiListQuery,
  isNarrowed,
  readListQuery,
  resultsText,
  writeListQuery,
  type ListQuery,
} from './list-query';

const read = (search: string, isContractor = true) =>
  readListQuery(new URLSearchParams(search), isContractor);

describe('readListQuery', () => {
  it('reads the plain list as all, newest created, no search', () => {
    expect(read('')).toEqual({ q: '', status: 'all', sort: 'created' });
  });
  it('reads the search, the status and the order', () => {
    expect(read('?q=smith&status=awaiting&sort=project')).toEqual({
      q: 'smith',
      status: 'awaiting',
      sort: 'project',
    });
  });
  it('reads unknown values as the defaults', () => {
    expect(read('?status=pending&sort=name')).toEqual({ q: '', status: 'all', sort: 'created' });
  });
  it('gives the archive to contractors only', () => {
    expect(read('?archived=1&status=signed').status).toBe('archived');
    expect(read('?archived=1', false).status).toBe('all');
  });
});

describe('writeListQuery', () => {
  it('leaves the defaults out and reads back what it wrote', () => {
    const plain: ListQuery = { q: '', status: 'all', sort: 'created' };
    expect(writeListQuery(plain).toString()).toBe('');
    const narrowed: ListQuery = { q: 'deck 2', status: 'signed', sort: 'updated' };
    expect(read(`?${writeListQuery(narrowed).toString()}`)).toEqual(narrowed);
    const archive: ListQuery = { q: '', status: 'archived', sort: 'project' };
    expect(writeListQuery(archive).toString()).toBe('archived=1&sort=project');
    expect(read(`?${writeListQuery(archive).toString()}`)).toEqual(archive);
  });
});

describe('apiListQuery', () => {
  it('asks for what narrows or orders the list, and nothing for the defaults', () => {
    expect(apiListQuery({ q: ' ', status: 'all', sort: 'created' })).toEqual({});
    expect(apiListQuery({ q: ' Smith ', status: 'awaiting', sort: 'project' })).toEqual({
      q: 'Smith',
      status: 'awaiting',
      sort: 'project',
    });
    expect(apiListQuery({ q: '', status: 'archived', sort: 'updated' })).toEqual({
      archived: 'true',
      sort: 'updated',
    });
  });
});

describe('isNarrowed and resultsText', () => {
  it('counts a search or a status as narrowing, not the order or the archive', () => {
    expect(isNarrowed({ q: '', status: 'all', sort: 'project' })).toBe(false);
    expect(isNarrowed({ q: '', status: 'archived', sort: 'created' })).toBe(false);
    expect(isNarrowed({ q: 'x', status: 'all', sort: 'created' })).toBe(true);
    expect(isNarrowed({ q: '', status: 'signed', sort: 'created' })).toBe(true);
  });
  it('says how many', () => {
    expect(resultsText(17, false)).toBe('17 proposals');
    expect(resultsText(1, true)).toBe('1 proposal found');
    expect(resultsText(0, true)).toBe('No proposals found');
    expect(resultsText(0, false)).toBe('No proposals');
  });
});
