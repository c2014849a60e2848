/** Spec 000 §9: the root font size is one tenth of the viewport width, re-measured 300 ms after a resize. */
export const RESIZE_SETTLE_MS = 300;

export function rootFontSize(viewportWidth: number): number {
  return viewportWidth / 10;
}

interface ViewportHost {
  innerWidth: number;
  document: { documentElement: { style: { fontSize: string } } };
  addEventListener(type: 'resize', listener: () => void): void;
  removeEventListener(type: 'resize', listener: () => void): void;
  setTimeout(handler: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** Applies the root font size now and after each resize settles; returns the uninstaller. */
export function installViewportFontSize(host: ViewportHost): () => void {
  const apply = () => {
    host.document.documentElement.style.fontSize = `${rootFontSize(host.innerWidth)}px`;
  };
  let timer: number | undefined;
  const onResize = () => {
    if (timer !== undefined) host.clearTimeout(timer);
    timer = host.setTimeout(apply, RESIZE_SETTLE_MS);
  };
  apply();
  host.addEventListener('resize', onResize);
  return () => {
    if (timer !== undefined) host.clearTimeout(timer);
    host.removeEventListener('resize', onResize);
  };
}
