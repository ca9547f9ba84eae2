import { describe, expect, it } from 'vitest';
import { demoExposureWarning, isLoopback, listenHost } from './listen.js';
import { loadConfig } from '../config.js';

describe('the listen address', () => {
  it('is loopback for the embedded database unless HOST is set, and every address for an external one', () => {
    const host = loadConfig({}).HOST;
    expect(host).toBeUndefined();
    expect(listenHost(host, true)).toBe('127.0.0.1');
    expect(listenHost(host, false)).toBe('0.0.0.0');
    expect(listenHost(loadConfig({ HOST: '0.0.0.0' }).HOST, true)).toBe('0.0.0.0');
  });

  it('knows the loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'portal.example']) expect(isLoopback(host)).toBe(false);
  });

  it('warns loudly when the demo accounts can be reached from the network, and only then', () => {
    expect(demoExposureWarning('0.0.0.0', true)).toMatch(/WARNING: the portal listens on 0\.0\.0\.0 .* demo accounts/);
    expect(demoExposureWarning('0.0.0.0', false)).toBeNull();
    expect(demoExposureWarning('127.0.0.1', true)).toBeNull();
  });
});
