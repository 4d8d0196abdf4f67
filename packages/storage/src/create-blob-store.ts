import type { BlobStore } from './blob-store.js';
import { DEFAULT_STORAGE_DIR, LocalDiskStore } from './local-disk-store.js';
import {
  S3_CHECKSUM_CALCULATIONS,
  type S3ChecksumCalculation,
  S3Store,
  type S3StoreOptions,
} from './s3-store.js';

/** The storage variables of the environment (process.env fits). */
export type StorageConfig = {
  /** 'local' (default) or 's3'. */
  STORAGE_DRIVER?: string | undefined;
  /** Root folder of the local store; data/files by default. */
  STORAGE_DIR?: string | undefined;
  S3_BUCKET?: string | undefined;
  /** us-east-1 by default. */
  S3_REGION?: string | undefined;
  /** An S3-compatible endpoint such as http://127.0.0.1:9000; AWS when unset. */
  S3_ENDPOINT?: string | undefined;
  /** 'true' or 'false'; true by default when S3_ENDPOINT is set, since most compatible servers want it. */
  S3_FORCE_PATH_STYLE?: string | undefined;
  /** Both or neither; with neither the AWS default credential chain applies. */
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  /** 'WHEN_SUPPORTED' (the SDK's default) or 'WHEN_REQUIRED', for servers that store aws-chunked framing. */
  S3_CHECKSUM_CALCULATION?: string | undefined;
};

/** A wrong storage setting; the message names the variable. */
export class StorageConfigError extends Error {
  override readonly name = 'StorageConfigError';
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

export function createBlobStore(config: StorageConfig = {}): BlobStore {
  const driver = value(config.STORAGE_DRIVER) ?? 'local';
  if (driver === 'local')
    return new LocalDiskStore({ root: value(config.STORAGE_DIR) ?? DEFAULT_STORAGE_DIR });
  if (driver === 's3') return new S3Store(s3Options(config));
  throw new StorageConfigError('STORAGE_DRIVER', `must be 'local' or 's3', not '${driver}'`);
}

export function s3Options(config: StorageConfig): S3StoreOptions {
  const bucket = value(config.S3_BUCKET);
  if (!bucket) throw new StorageConfigError('S3_BUCKET', 'is required when STORAGE_DRIVER is s3');
  const options: S3StoreOptions = { bucket, region: value(config.S3_REGION) ?? 'us-east-1' };
  const endpoint = value(config.S3_ENDPOINT);
  if (endpoint) {
    if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol)) {
      throw new StorageConfigError('S3_ENDPOINT', `must be an http(s) URL, not '${endpoint}'`);
    }
    options.endpoint = endpoint;
  }
  options.forcePathStyle = flag('S3_FORCE_PATH_STYLE', config.S3_FORCE_PATH_STYLE) ?? Boolean(endpoint);
  const accessKeyId = value(config.S3_ACCESS_KEY_ID);
  const secretAccessKey = value(config.S3_SECRET_ACCESS_KEY);
  if (accessKeyId && secretAccessKey) options.credentials = { accessKeyId, secretAccessKey };
  else if (accessKeyId)
    throw new StorageConfigError('S3_SECRET_ACCESS_KEY', 'is required with S3_ACCESS_KEY_ID');
  else if (secretAccessKey)
    throw new StorageConfigError('S3_ACCESS_KEY_ID', 'is required with S3_SECRET_ACCESS_KEY');
  const checksum = value(config.S3_CHECKSUM_CALCULATION)?.toUpperCase();
  if (checksum !== undefined) {
    if (!isChecksumCalculation(checksum)) {
      throw new StorageConfigError(
        'S3_CHECKSUM_CALCULATION',
        `must be ${S3_CHECKSUM_CALCULATIONS.join(' or ')}, not '${config.S3_CHECKSUM_CALCULATION}'`,
      );
    }
    options.requestChecksumCalculation = checksum;
  }
  return options;
}

function isChecksumCalculation(text: string): text is S3ChecksumCalculation {
  return (S3_CHECKSUM_CALCULATIONS as readonly string[]).includes(text);
}

function value(raw: string | undefined): string | undefined {
  const trimmed = raw?.trim();
  return trimmed ? trimmed : undefined;
}

function flag(variable: string, raw: string | undefined): boolean | undefined {
  const text = value(raw)?.toLowerCase();
  if (text === undefined) return undefined;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new StorageConfigError(variable, `must be true or false, not '${raw}'`);
}
