/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_SIGN_SECRET?: string;
  readonly VITE_ENCRYPT_KEY?: string;
  readonly VITE_ENCRYPT_IV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
