/**
 * SPEC §8's console-only warnings for an analytics service left unconfigured. Their own module:
 * the first load prints them when no service is configured at all, without loading the runtime
 * (components/analytics.tsx, docs/decisions/126); the runtime prints them for a service left
 * out of a configuration that has others.
 */
export const UNSET_WARNINGS = {
	customerData:
		'Customer-data write key not set (CUSTOMERIO_WRITE_KEY): analytics events are not sent',
	partner: 'Partner programme id not set (PARTNERO_PROGRAM_ID): referrals are not reported',
} as const
