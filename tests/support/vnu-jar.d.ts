/** vnu-jar's main module exports the path of vnu.jar (a String object). */
declare module 'vnu-jar' {
	const jarPath: string
	export default jarPath
}
