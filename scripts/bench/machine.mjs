// What the bench ran on, as its record names it. The same two cores have run the same suite 2.8
// times slower on one kind of guest than on another at a similar benchmark index (decision 022,
// forty-third pass): a figure is read beside the kind of machine that made it.
import fs from 'node:fs';
import os from 'node:os';

/**
 * The kind of machine, from the kernel's command line and the CPU's flags: a paravirtualised guest
 * (a `pvm` parameter on the command line, such as `pvm_no_zero_page=1`), another virtual machine (the
 * `hypervisor` flag), or bare metal.
 */
export function machineKind(cmdline, cpuinfo) {
  if (/(^|\s)pvm([_.]\S*|=\S*)?(?=\s|$)/.test(cmdline ?? '')) return 'a paravirtualised (pvm) guest';
  if (/^flags\s*:.*\bhypervisor\b/m.test(cpuinfo ?? '')) return 'a virtual machine';
  if (cpuinfo) return 'bare metal';
  return 'a machine of unknown kind';
}

const read = (file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** "2 × AMD EPYC, 24 GiB, a paravirtualised (pvm) guest": the record's `machine`. */
export function describeMachine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${machineKind(read('/proc/cmdline'), read('/proc/cpuinfo'))}`;
}
