import { ConfigError } from '@portal/process/env';
import { describe, expect, it } from 'vitest';
import { readTelemetrySettings } from './settings.js';

const read = (env: Record<string, string>) => readTelemetrySettings(env, 'portal-api');

describe('the OpenTelemetry settings', () => {
  it('register nothing without an endpoint, but still check every variable', () => {
    expect(read({})).toBeUndefined();
    expect(read({ OTEL_SERVICE_NAME: 'x', OTEL_TRACES_SAMPLER: 'always_off' })).toBeUndefined();
    expect(() => read({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(ConfigError);
  });

  it('post to <endpoint>/v1/traces, or to the traces endpoint as given', () => {
    expect(read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })?.tracesUrl).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })?.tracesUrl).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      read({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/otlp',
      })?.tracesUrl,
    ).toBe('https://traces.example/otlp');
  });

  it('default to protobuf, the process name and a parent-based sampler that keeps every trace', () => {
    expect(read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toEqual({
      tracesUrl: 'http://c:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 'portal-api',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
      resourceAttributes: {},
    });
    expect(
      readTelemetrySettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, 'portal-workers')?.serviceName,
    ).toBe('portal-workers');
  });

  it('take the name from OTEL_SERVICE_NAME first, then from the resource attributes', () => {
    const base = {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      OTEL_RESOURCE_ATTRIBUTES: 'service.name=from-attrs',
    };
    expect(read(base)?.serviceName).toBe('from-attrs');
    expect(read({ ...base, OTEL_SERVICE_NAME: 'named' })?.serviceName).toBe('named');
  });

  it('refuse an endpoint that is not http(s), naming the variable', () => {
    expect(() => read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => read({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://c' })).toThrow(
      /OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/,
    );
  });

  it('take both http protocols and refuse grpc', () => {
    for (const protocol of ['http/protobuf', 'http/json']) {
      expect(
        read({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_EXPORTER_OTLP_PROTOCOL: protocol })?.protocol,
      ).toBe(protocol);
    }
    expect(() => read({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      'OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" is not supported; expected one of http/protobuf, http/json',
    );
  });

  it('read a ratio between 0 and 1 for the ratio samplers, at and beyond both ends', () => {
    const ratio = (arg: string, sampler = 'parentbased_traceidratio') =>
      read({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c',
        OTEL_TRACES_SAMPLER: sampler,
        OTEL_TRACES_SAMPLER_ARG: arg,
      })?.samplerRatio;
    expect(ratio('0')).toBe(0);
    expect(ratio('0.25', 'traceidratio')).toBe(0.25);
    expect(ratio('1')).toBe(1);
    expect(() => ratio('-0.01')).toThrow(/OTEL_TRACES_SAMPLER_ARG: "-0.01" is not a ratio between 0 and 1/);
    expect(() => ratio('1.01')).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => ratio('half')).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    // Other samplers take no argument: it is not read.
    expect(ratio('half', 'always_on')).toBe(1);
  });

  it('decode the resource attributes and refuse an entry without a key', () => {
    expect(
      read({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=prod, team=data%20ops,',
      })?.resourceAttributes,
    ).toEqual({ 'deployment.environment.name': 'prod', team: 'data ops' });
    expect(() => read({ OTEL_RESOURCE_ATTRIBUTES: '=prod' })).toThrow(/OTEL_RESOURCE_ATTRIBUTES: "=prod"/);
    expect(() => read({ OTEL_RESOURCE_ATTRIBUTES: 'team' })).toThrow(/not key=value/);
    expect(() => read({ OTEL_RESOURCE_ATTRIBUTES: 'team=%E0%A4%A' })).toThrow(/not percent-encoded/);
  });
});
