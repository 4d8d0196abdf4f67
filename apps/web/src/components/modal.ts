// Mantine's modal as a module of its own, for LazyModal's import.
export { Modal as default } from '@mantine/core';
