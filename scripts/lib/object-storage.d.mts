import type { ChildProcess } from 'node:child_process';

export type StorageKind = 'local' | 's3';
export interface BucketInfo {
  name: string;
  env: Record<string, string>;
  publicUrl: string;
}
export interface ObjectStorage {
  endpoint: string;
  child: ChildProcess;
  bucket(label?: string): Promise<BucketInfo>;
  keys(bucket: string): Promise<string[]>;
  stop(): Promise<void>;
}
export interface TemporaryStorage {
  kind: StorageKind;
  env: Record<string, string>;
  endpoint?: string;
  bucket?: string;
  publicUrl?: string;
  server?: ObjectStorage;
  keys?: () => Promise<string[]>;
  stop(): Promise<void>;
}
export declare function startObjectStorage(): Promise<ObjectStorage>;
export declare function storageKind(variable: string): StorageKind;
export declare function temporaryStorage(kind: StorageKind, options?: { label?: string }): Promise<TemporaryStorage>;
export declare function publicStorageEnv(env: Record<string, string>): Record<string, string>;
export declare function bucketKeys(endpoint: string, bucket: string): Promise<string[]>;
