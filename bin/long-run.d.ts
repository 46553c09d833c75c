export declare const LONG_COMMANDS: Set<string>;
export declare const QUEUE_COMMANDS: Set<string>;
export declare const LONG_RUN_ENV: { MALLOC_ARENA_MAX: string };
export declare const LONG_RUN_NODE_FLAGS: string[];
