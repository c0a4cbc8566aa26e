import { IconButton } from '@chakra-ui/react';
import { LuMoon, LuSun } from 'react-icons/lu';
import { useColorMode } from '../lib/color-mode';

export function ThemeToggle() {
  const { dark, toggleColorMode } = useColorMode();
  return (
    <IconButton
      aria-label="Toggle dark mode"
      aria-pressed={dark}
      data-testid="theme-toggle"
      variant="ghost"
      size="sm"
      onClick={toggleColorMode}
    >
      {dark ? <LuSun /> : <LuMoon />}
    </IconButton>
  );
}
