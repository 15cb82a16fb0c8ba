export declare function deleteRedisPrefix(url: string, prefix: string): Promise<void>;
