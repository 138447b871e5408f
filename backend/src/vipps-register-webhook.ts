// `npm run vipps:register-webhook [-- <url>]`: registers https://<PUBLIC_URL>/api/vipps/webhook (or the
// given address) with Vipps MobilePay for the ePayment and Recurring (VIP renewing by Vipps) events the site acts on, and prints the secret
// to store in VIPPS_WEBHOOK_SECRET. Reads the same environment as the service (.env for npm scripts).
import { ConfigError, parseEnv } from './platform/config/env.schema';
import { registerVippsWebhook } from './orders/vipps/vipps-webhook-registration';
import { VippsApiError } from './orders/vipps/vipps-api';

async function main(): Promise<void> {
  const cfg = parseEnv(process.env);
  const url = process.argv[2]?.trim() || undefined;
  const r = await registerVippsWebhook(cfg, url);
  process.stdout.write(
    [
      '',
      `  Webhook registered with Vipps MobilePay${cfg.vipps?.testMode ? ' (test environment)' : ''}:`,
      `    url:    ${r.url}`,
      `    events: ${r.events.join(', ')}`,
      `    id:     ${r.id}`,
      '',
      '  Store the secret in VIPPS_WEBHOOK_SECRET (shown only now) and restart the service:',
      '',
      `    VIPPS_WEBHOOK_SECRET=${r.secret}`,
      '',
      '',
    ].join('\n'),
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`);
  else if (err instanceof VippsApiError)
    process.stderr.write(`Vipps refused the registration (${err.status ?? 'no contact'}): ${JSON.stringify(err.problem)}\n`);
  else process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
