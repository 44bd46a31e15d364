/**
 * Reading a single fetch answer (`/path.data`, docs/decisions/143) in a test: the first line of
 * its body is a flat list of values that refer to each other by index. Plain data only (objects,
 * arrays, strings, numbers, booleans, null): anything else is refused, never guessed at.
 */
const SPECIAL: Record<number, unknown> = {
	[-2]: Number.NaN,
	[-3]: Number.NEGATIVE_INFINITY,
	[-4]: -0,
	[-5]: null,
	[-6]: Number.POSITIVE_INFINITY,
	[-7]: undefined,
}

export function decodeSingleFetch(body: string): unknown {
	const values: unknown[] = JSON.parse(body.split('\n')[0] ?? '')
	const at = (index: number): unknown => {
		if (index < 0) {
			if (!(index in SPECIAL)) throw new Error(`Not plain data: ${index}`)
			return SPECIAL[index]
		}
		const value = values[index]
		if (Array.isArray(value)) {
			if (value.some((item) => typeof item !== 'number'))
				throw new Error(`Not plain data: ${JSON.stringify(value)}`)
			return value.map((item: number) => at(item))
		}
		if (value !== null && typeof value === 'object')
			return Object.fromEntries(
				Object.entries(value).map(([key, item]) => [
					at(Number(key.slice(1))) as string,
					at(item as number),
				]),
			)
		return value
	}
	return at(0)
}
