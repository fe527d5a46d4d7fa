// GET /api/config, remembered in localStorage so an offline start still knows its settings.

import { ClientConfigSchema, type ClientConfig } from '../contract/config';
import * as v from 'valibot';
import { apiRequest } from './client';

const CONFIG_KEY = 'runtimeConfig';
let pending: Promise<ClientConfig> | null = null;

function cached(): ClientConfig | null {
  try {
    const raw = localStorage.getItem(CONFIG_KEY);
    if (!raw) return null;
    const parsed = v.safeParse(ClientConfigSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function getRuntimeConfig(): Promise<ClientConfig> {
  pending ??= apiRequest('/config', { schema: ClientConfigSchema })
    .then((config) => {
      try {
        localStorage.setItem(CONFIG_KEY, JSON.stringify(config));
      } catch {
        // Not remembered; fetched again next start.
      }
      return config;
    })
    .catch((error: unknown) => {
      pending = null;
      const saved = cached();
      if (saved) return saved;
      throw error;
    });
  return pending;
}
