import { describe, expect, it } from 'vitest';
import { REPORT_LIMITS } from '../../../shared/schemas/reports';
import { describeError, redactUrl } from './describe-error';

describe('describeError', () => {
  it('keeps the name, message and stack of an Error', () => {
    const err = new TypeError('x is undefined');
    const out = describeError(err);
    expect(out.message).toBe('TypeError: x is undefined');
    expect(out.stack).toBe(err.stack);
  });

  it('uses the name when the message is empty', () => {
    expect(describeError(new Error('')).message).toBe('Error');
  });

  it('describes a thrown route response by its status', () => {
    const out = describeError({
      status: 404,
      statusText: 'Not Found',
      data: { why: 'gone' },
      internal: true,
    });
    expect(out).toEqual({ message: '404 Not Found', stack: '{"why":"gone"}' });
  });

  it('accepts strings, objects and values that cannot be serialised', () => {
    expect(describeError('plain').message).toBe('plain');
    expect(describeError({ code: 7 }).message).toBe('{"code":7}');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeError(circular).message).toBe('[object Object]');
    expect(describeError(undefined).message).toBe('undefined');
    expect(describeError('').message).toBe('Unknown error');
  });

  it('marks unhandled rejections and appends the component stack', () => {
    const out = describeError(new Error('boom'), {
      kind: 'unhandledrejection',
      componentStack: '\n    at Page',
    });
    expect(out.message).toBe('Unhandled rejection: Error: boom');
    expect(out.stack).toContain('Component stack:\n    at Page');
  });

  it('clips to the limits the server accepts', () => {
    const err = new Error('m'.repeat(5000));
    err.stack = 's'.repeat(30000);
    const out = describeError(err);
    expect(out.message.length).toBe(REPORT_LIMITS.message);
    expect(out.stack.length).toBe(REPORT_LIMITS.stack);
  });
});

describe('redactUrl', () => {
  it('removes sign-in tokens from the path', () => {
    expect(
      redactUrl('https://app.plansmith.com/signin/abcDEF_123-xyz/?redirect=%2Fdashboard%2F'),
    ).toBe('https://app.plansmith.com/signin/[redacted]/?redirect=%2Fdashboard%2F');
    expect(redactUrl('http://localhost:3000/signin/tok')).toBe(
      'http://localhost:3000/signin/[redacted]',
    );
  });

  it('leaves other addresses alone', () => {
    expect(redactUrl('http://localhost:3000/signin/')).toBe('http://localhost:3000/signin/');
    expect(redactUrl('http://localhost:3000/proposal/abc/')).toBe(
      'http://localhost:3000/proposal/abc/',
    );
  });

  it('clips very long addresses', () => {
    expect(redactUrl(`http://x/${'a'.repeat(5000)}`).length).toBe(REPORT_LIMITS.url);
  });
});
