export type DatabaseKind = 'sqlite' | 'postgres';
export interface TemporaryDatabase {
  kind: DatabaseKind;
  /** PostgreSQL: the database's name. */
  name?: string;
  /** SQLite: the file. */
  file?: string;
  env: Record<string, string>;
  drop(): Promise<void>;
}
export declare const testPostgresUrl: () => string;
export declare function databaseKind(variable: string): DatabaseKind;
export declare function temporaryDatabase(
  kind: DatabaseKind,
  options: { dataDir: string; label?: string; template?: TemporaryDatabase },
): Promise<TemporaryDatabase>;
