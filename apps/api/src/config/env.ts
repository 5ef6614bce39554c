/**
 * The API's configuration, validated once at start-up. This is the only module that reads
 * process.env; everything else receives a Config. Tests build one with `testConfig()`.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { EnvSchema } from './env.schema';

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  databaseUrl: string;
  dataDir: string;
  dbPoolSize: number;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  firebaseProjectId: string;
  authEmulatorHost: string | undefined;
  corsOrigins: string[];
  webDistDir: string;
  firebaseApiKey: string;
  firebaseAuthDomain: string;
  firebaseAppId: string | undefined;
  rateLimit: {
    disabled: boolean;
    jwtPerMinute: number;
    writesPerMinute: number;
    readsPerMinute: number;
    searchPerMinute: number;
    exportsPerMinute: number;
    uploadsPerMinute: number;
  };
  images: ImagesConfig;
  /** Load shedding (plugins/load-shedding.ts): 0 turns it off; `sampleMs` is how often the delay is measured. */
  loadShed: { maxEventLoopDelayMs: number; sampleMs: number };
  seedDemoData: boolean;
  publicUrl: string;
  /** INSTANCE_ID, or a random one per process. */
  instanceId: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  instances: number;
  productCacheBytes: number;
  searchCacheBytes: number;
  /** MEMORY_LOG_MS: the memory report's period; 0 is off. */
  memoryLogMs: number;
  productQueueMaxPending: number;
  trustProxy: TrustProxy;
  mail: MailConfig;
}

export type TrustProxy = boolean | string[];

export interface ImagesConfig {
  /** Directory of the disk storage. */
  dir: string;
  /** Set: the S3 storage instead of the disk. `credentials` only for tests (else the AWS SDK's own chain). */
  s3?: {
    bucket: string;
    region: string;
    endpoint?: string;
    credentials?: { accessKeyId: string; secretAccessKey: string };
  };
  sweepMs: number;
}

function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface MailConfig {
  /** False when MAIL_ENABLED=false or (outside production) no SMTP_URL is set: nothing is sent. */
  enabled: boolean;
  smtpUrl: string | undefined;
  from: string;
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  leaseMs: number;
  retentionDays: number;
  failedRetentionDays: number;
}

export class ConfigError extends Error {}

function rateLimitConfig(e: Env): Config['rateLimit'] {
  return {
    disabled: e.RATE_LIMIT_DISABLED,
    jwtPerMinute: e.RATE_LIMIT_JWT_PER_MINUTE,
    writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
    readsPerMinute: e.RATE_LIMIT_READS_PER_MINUTE,
    searchPerMinute: e.RATE_LIMIT_SEARCH_PER_MINUTE,
    exportsPerMinute: e.RATE_LIMIT_EXPORTS_PER_MINUTE,
    uploadsPerMinute: e.RATE_LIMIT_UPLOADS_PER_MINUTE,
  };
}

function imagesConfig(e: Env): ImagesConfig {
  return {
    dir: e.IMAGES_DIR ?? `${e.DATA_DIR}/images`,
    ...(e.S3_BUCKET
      ? {
          s3: {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
          },
        }
      : {}),
    sweepMs: e.IMAGE_SWEEP_MS,
  };
}

function mailConfig(e: Env): MailConfig {
  return {
    enabled: e.MAIL_ENABLED && e.SMTP_URL !== undefined,
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM ?? 'Bulkwise <no-reply@bulkwise.test>',
    pollMs: e.OUTBOX_POLL_MS,
    maxAttempts: e.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: e.OUTBOX_RETRY_BASE_MS,
    retryMaxMs: e.OUTBOX_RETRY_MAX_MS,
    leaseMs: e.OUTBOX_LEASE_MS,
    retentionDays: e.OUTBOX_RETENTION_DAYS,
    failedRetentionDays: e.OUTBOX_FAILED_RETENTION_DAYS,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    dbPoolSize: e.DB_POOL_SIZE,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    firebaseProjectId: e.FIREBASE_PROJECT_ID,
    authEmulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST || undefined,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    webDistDir: e.WEB_DIST_DIR,
    firebaseApiKey: e.FIREBASE_API_KEY,
    firebaseAuthDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
    firebaseAppId: e.FIREBASE_APP_ID,
    rateLimit: rateLimitConfig(e),
    images: imagesConfig(e),
    loadShed: { maxEventLoopDelayMs: e.LOAD_SHED_EVENT_LOOP_DELAY_MS, sampleMs: 1000 },
    seedDemoData: e.SEED_DEMO_DATA,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    instanceId: e.INSTANCE_ID ?? randomUUID(),
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    instances: e.INSTANCES,
    productCacheBytes: e.PRODUCT_CACHE_MB * 2 ** 20,
    searchCacheBytes: e.SEARCH_CACHE_MB * 2 ** 20,
    memoryLogMs: e.MEMORY_LOG_MS,
    productQueueMaxPending: e.PRODUCT_QUEUE_MAX,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    mail: mailConfig(e),
  };
}
