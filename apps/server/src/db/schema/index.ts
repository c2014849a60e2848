export * from './accounts.js';
export * from './credits.js';
export * from './site.js';
export * from './avatars.js';
export * from './works.js';
export * from './files.js';
export * from './voices.js';
export * from './request-nonces.js';
