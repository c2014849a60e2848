/** A channel as the product lists it: whether an engine stands behind it here. */
export interface ChannelListing {
  channel: string;
  available: boolean;
}

/**
 * The one shape of every capability's engines (speech, avatar video, text, and those to come):
 * channels the product names, each mapped by configuration to an engine built once at start.
 */
export interface ChannelRegistry<T> {
  /** The engine behind a channel; throws the capability's own "channel unavailable" error when none is. */
  forChannel(channel: string): T;
  isConfigured(channel: string): boolean;
  /** Every channel of the capability, configured or not, in the product's order. */
  channels(): ChannelListing[];
  /** The id of the engine behind a channel (slots and queues are per engine), or null when none is. */
  engineId(channel: string): string | null;
}

export interface ChannelRegistrySpec<T> {
  channels: readonly string[];
  /** The configured engine of a known channel, or undefined. */
  engineOf(channel: string): T | undefined;
  idOf(engine: T): string;
  /** The error a caller gets for a channel without an engine. */
  unavailable(channel: string): Error;
}

export function channelRegistry<T>(spec: ChannelRegistrySpec<T>): ChannelRegistry<T> {
  const known = new Set(spec.channels);
  const engineOf = (channel: string) => (known.has(channel) ? spec.engineOf(channel) : undefined);
  return {
    forChannel(channel) {
      const engine = engineOf(channel);
      if (engine === undefined) throw spec.unavailable(channel);
      return engine;
    },
    isConfigured: (channel) => engineOf(channel) !== undefined,
    channels: () => spec.channels.map((channel) => ({ channel, available: engineOf(channel) !== undefined })),
    engineId(channel) {
      const engine = engineOf(channel);
      return engine === undefined ? null : spec.idOf(engine);
    },
  };
}
