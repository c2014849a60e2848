import { useEffect } from 'react';
import { installViewportFontSize } from '../lib/viewport';

export function ViewportFontSize() {
  useEffect(() => installViewportFontSize(window), []);
  return null;
}
