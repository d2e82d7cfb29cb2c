// All of Mantine's styles, after the first paint's subset (mantine-critical.css): a chunk of
// its own that the signed-in shells load with their code (router.tsx), so the screens inside
// them find every component styled, in the order of the complete stylesheet.
import '@mantine/core/styles.css';
