// Builds the real ports (ports.ts) for a config: what the composition root (service.ts) hands the
// services. An override replaces one port, and the ports built on another (model and verifier on http)
// are built on the override (the OAuth port too).
import { systemClock } from './clock';
import type { Config } from './config';
import { DeferredJobQueue } from './job-queue';
import { imapClient } from '../mail/imap-client';
import { threadedSmtp } from '../mail/smtp-thread';
import { createResolver } from '../net/dns';
import { guardedHttp } from '../net/http-client';
import { createModelClient } from '../net/model-client';
import { openIdClient } from '../net/oauth-client';
import { createVerifierClient } from '../net/verifier-client';
import { scryptPasswords } from '../security/crypto';
import { peerWorkLimit } from '../security/peer-work';
import type { Ports } from './ports';

/** The real ports for this config, each replaced by its override when one is given. */
export function buildPorts(config: Config, overrides: Partial<Ports> = {}): Ports {
  const http = overrides.http ?? guardedHttp(config);
  // SMTP and IMAP connect only where outbound HTTP may (decisions.md §10).
  const policy = { allowPrivate: config.allowPrivateFetch };
  return {
    clock: overrides.clock ?? systemClock,
    dns: overrides.dns ?? createResolver(config.dnsServers),
    smtp: overrides.smtp ?? threadedSmtp({ policy }),
    imap: overrides.imap ?? imapClient({ policy }),
    http,
    model: overrides.model ?? createModelClient(http, config.llm),
    verifier: overrides.verifier ?? createVerifierClient(http, config.verifierUrl),
    // decisions.md §15: discovery and token calls through the same guard (and the same CAs) as every request.
    oauth: overrides.oauth ?? openIdClient(http, config),
    jobs: overrides.jobs ?? new DeferredJobQueue(),
    peerWork: overrides.peerWork ?? peerWorkLimit(),
    passwords: overrides.passwords ?? scryptPasswords(),
  };
}
