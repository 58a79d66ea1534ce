/**
 * The seccomp filter of every sandboxed command (bubblewrap's `--seccomp FD`): a classic BPF program that refuses,
 * with EPERM, the system calls a build or a test never needs and an escape usually starts with — namespaces and
 * mounts, ptrace, kernel keyrings, eBPF, perf events, userfaultfd, io_uring, module and kexec loading, handle-based
 * opens. Any other architecture than the machine's own (32-bit or x32 calls on x86-64) is refused whole (ENOSYS),
 * since its numbers differ. Only x86-64 and arm64 are known; elsewhere there is no filter (`seccompProgram` → null)
 * and the sandbox record says so.
 */

const EPERM = 1;
const ENOSYS = 38;

/** struct seccomp_data: nr at 0, arch at 4. */
const NR = 0;
const ARCH = 4;

const LD_W_ABS = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ_K = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE_K = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const RET_K = 0x06; // BPF_RET | BPF_K
const RET_ALLOW = 0x7fff0000;
const RET_ERRNO = 0x00050000;

/** The refused calls by name, with their numbers on x86-64 and on arm64 (the generic table). */
const CALLS = {
  unshare: [272, 97],
  setns: [308, 268],
  mount: [165, 40],
  umount2: [166, 39],
  pivot_root: [155, 41],
  open_tree: [428, 428],
  move_mount: [429, 429],
  fsopen: [430, 430],
  fsconfig: [431, 431],
  fsmount: [432, 432],
  fspick: [433, 433],
  mount_setattr: [442, 442],
  ptrace: [101, 117],
  process_vm_readv: [310, 270],
  process_vm_writev: [311, 271],
  keyctl: [250, 219],
  add_key: [248, 217],
  request_key: [249, 218],
  bpf: [321, 280],
  perf_event_open: [298, 241],
  userfaultfd: [323, 282],
  io_uring_setup: [425, 425],
  io_uring_enter: [426, 426],
  io_uring_register: [427, 427],
  kexec_load: [246, 104],
  kexec_file_load: [320, 294],
  init_module: [175, 105],
  finit_module: [313, 273],
  delete_module: [176, 106],
  open_by_handle_at: [304, 265],
  name_to_handle_at: [303, 264],
  lookup_dcookie: [212, 18],
  syslog: [103, 116],
  acct: [163, 89],
  quotactl: [179, 60],
  swapon: [167, 224],
  swapoff: [168, 225],
  reboot: [169, 142],
} as const satisfies Record<string, readonly [number, number]>;

export const REFUSED_SYSCALLS = Object.keys(CALLS) as (keyof typeof CALLS)[];

/** Per architecture: its AUDIT_ARCH value, whether it has x32 calls to refuse, and its column of CALLS. */
const ARCHES: Record<string, { audit: number; x32: boolean; column: 0 | 1 }> = {
  x64: { audit: 0xc000003e, x32: true, column: 0 },
  arm64: { audit: 0xc00000b7, x32: false, column: 1 },
};

type Insn = [code: number, jt: number, jf: number, k: number];

/**
 * The filter for `arch` (node's process.arch), as bubblewrap reads it: struct sock_filter entries (u16 code, u8 jt,
 * u8 jf, u32 k) in the machine's byte order. null when the architecture's numbers are not known here.
 */
export function seccompProgram(arch: string = process.arch): Buffer | null {
  const table = ARCHES[arch];
  if (!table) return null;
  const numbers = [...new Set(Object.values(CALLS).map((n) => n[table.column]))];
  // Layout: [load arch][arch?][load nr][x32?][one jeq per call]…[allow][deny][foreign]
  const checks = numbers.length + (table.x32 ? 1 : 0);
  const prog: Insn[] = [];
  const allowAt = 3 + checks;
  const denyAt = allowAt + 1;
  const foreignAt = denyAt + 1;
  prog.push([LD_W_ABS, 0, 0, ARCH]);
  prog.push([JEQ_K, 0, foreignAt - 2, table.audit]);
  prog.push([LD_W_ABS, 0, 0, NR]);
  if (table.x32) prog.push([JGE_K, denyAt - prog.length - 1, 0, 0x40000000]);
  for (const nr of numbers) prog.push([JEQ_K, denyAt - prog.length - 1, 0, nr]);
  prog.push([RET_K, 0, 0, RET_ALLOW]);
  prog.push([RET_K, 0, 0, RET_ERRNO | EPERM]);
  prog.push([RET_K, 0, 0, RET_ERRNO | ENOSYS]);
  const buf = Buffer.alloc(prog.length * 8);
  const le = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  prog.forEach(([code, jt, jf, k], i) => {
    if (jt > 255 || jf > 255) throw new Error("seccomp: jump too long");
    if (le) buf.writeUInt16LE(code, i * 8);
    else buf.writeUInt16BE(code, i * 8);
    buf.writeUInt8(jt, i * 8 + 2);
    buf.writeUInt8(jf, i * 8 + 3);
    if (le) buf.writeUInt32LE(k >>> 0, i * 8 + 4);
    else buf.writeUInt32BE(k >>> 0, i * 8 + 4);
  });
  return buf;
}
