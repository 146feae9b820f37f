export interface S3StandIn {
  endpoint: string;
  bucket: string;
  directory: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}
export function startS3StandIn(opts?: { bucket?: string }): Promise<S3StandIn>;
