// The part of s3rver the tests use (the package ships no types).
declare module 's3rver' {
  type Options = {
    port?: number
    address?: string
    silent?: boolean
    directory: string
    configureBuckets?: { name: string }[]
  }
  export default class S3rver {
    constructor(options: Options)
    run(): Promise<{ address: string; port: number }>
    close(): Promise<void>
  }
}
