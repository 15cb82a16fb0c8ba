import { describe, expect, it } from 'vitest';
import { machineKind } from './machine.mjs';

const cpuinfo = (flags) => `processor\t: 0\nmodel name\t: AMD EPYC\nflags\t\t: ${flags}\n\nprocessor\t: 1\nflags\t\t: ${flags}\n`;

describe('machineKind', () => {
  it('names a paravirtualised guest by a pvm parameter on its kernel command line', () => {
    expect(machineKind('console=ttyS0 tsc=reliable pvm_no_zero_page=1 quiet', cpuinfo('fpu sse2 hypervisor'))).toBe('a paravirtualised (pvm) guest');
    expect(machineKind('console=ttyS0 pvm', cpuinfo('fpu'))).toBe('a paravirtualised (pvm) guest');
  });

  it('names another guest by the CPU flag a hypervisor sets, and a machine without it as bare metal', () => {
    expect(machineKind('console=ttyS0 quiet', cpuinfo('fpu sse2 hypervisor avx2'))).toBe('a virtual machine');
    expect(machineKind('console=ttyS0 quiet', cpuinfo('fpu sse2 avx2'))).toBe('bare metal');
  });

  it('is not fooled by a word that only contains pvm or hypervisor', () => {
    expect(machineKind('root=/dev/pvmroot quiet', cpuinfo('fpu hypervisor_x'))).toBe('bare metal');
  });

  it('says when it cannot tell (no /proc to read)', () => {
    expect(machineKind(undefined, undefined)).toBe('a machine of unknown kind');
  });
});
