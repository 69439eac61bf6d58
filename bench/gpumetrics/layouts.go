package gpumetrics

// The layouts below transcribe the structures of the Linux kernel's
// drivers/gpu/drm/amd/include/kgd_pp_interface.h, field by field and in
// order. The header declares them without any packing attribute, so their
// offsets are those of ordinary C layout on Linux (x86-64 and arm64 agree
// here): each member aligned to its own size, the size rounded up to the
// largest member's alignment. gpu_metrics_v1_0 and v2_0 carry the implicit
// padding the header warns about ("not naturally aligned"). Every field is
// listed, even those radvbench does not read, so that the offsets follow
// from the declaration instead of being typed in.

type ctype uint8

const (
	u8  ctype = 1
	u16 ctype = 2
	u32 ctype = 4
	u64 ctype = 8
)

type field struct {
	name string
	t    ctype
	n    int // array length; 1 for a scalar
}

func f(name string, t ctype) field          { return field{name, t, 1} }
func arr(name string, t ctype, n int) field { return field{name, t, n} }

// Array lengths from kgd_pp_interface.h.
const (
	numHBMInstances = 4 // NUM_HBM_INSTANCES
	numXGMILinks    = 8 // NUM_XGMI_LINKS
	maxGfxClks      = 8 // MAX_GFX_CLKS
	maxClks         = 4 // MAX_CLKS
	numVCN          = 4 // NUM_VCN
	numJPEGEng      = 32
)

// header is struct metrics_table_header: size 4, alignment 2, the same
// layout as its three members placed inline.
var header = []field{f("structure_size", u16), f("format_revision", u8), f("content_revision", u8)}

func fields(parts ...[]field) []field {
	var out []field
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// The v1 temperature block of v1_0..v1_3.
var v1Temps = []field{
	f("temperature_edge", u16), f("temperature_hotspot", u16), f("temperature_mem", u16),
	f("temperature_vrgfx", u16), f("temperature_vrsoc", u16), f("temperature_vrmem", u16),
	f("average_gfx_activity", u16), f("average_umc_activity", u16), f("average_mm_activity", u16),
	f("average_socket_power", u16),
}

var v1Clocks = []field{
	f("average_gfxclk_frequency", u16), f("average_socclk_frequency", u16), f("average_uclk_frequency", u16),
	f("average_vclk0_frequency", u16), f("average_dclk0_frequency", u16), f("average_vclk1_frequency", u16),
	f("average_dclk1_frequency", u16),
	f("current_gfxclk", u16), f("current_socclk", u16), f("current_uclk", u16), f("current_vclk0", u16),
	f("current_dclk0", u16), f("current_vclk1", u16), f("current_dclk1", u16),
	f("throttle_status", u32),
	f("current_fan_speed", u16),
}

// v1_1's members after the fan speed, shared by v1_2 and v1_3.
var v1_1Tail = []field{
	f("pcie_link_width", u16), f("pcie_link_speed", u16), f("padding", u16),
	f("gfx_activity_acc", u32), f("mem_activity_acc", u32),
	arr("temperature_hbm", u16, numHBMInstances),
}

var gpuMetricsV1_0 = fields(header,
	[]field{f("system_clock_counter", u64)},
	v1Temps,
	[]field{f("energy_accumulator", u32)},
	v1Clocks,
	[]field{f("pcie_link_width", u8), f("pcie_link_speed", u8)},
)

var gpuMetricsV1_1 = fields(header, v1Temps,
	[]field{f("energy_accumulator", u64), f("system_clock_counter", u64)},
	v1Clocks, v1_1Tail)

var gpuMetricsV1_2 = fields(gpuMetricsV1_1, []field{f("firmware_timestamp", u64)})

var gpuMetricsV1_3 = fields(gpuMetricsV1_2, []field{
	f("voltage_soc", u16), f("voltage_gfx", u16), f("voltage_mem", u16), f("padding1", u16),
	f("indep_throttle_status", u64),
})

// The opening of v1_4 and v1_5 (MI300-class parts).
var v1_4Head = []field{
	f("temperature_hotspot", u16), f("temperature_mem", u16), f("temperature_vrsoc", u16),
	f("curr_socket_power", u16),
	f("average_gfx_activity", u16), f("average_umc_activity", u16),
	arr("vcn_activity", u16, numVCN),
}

var v1_4Mid = []field{
	f("energy_accumulator", u64), f("system_clock_counter", u64),
	f("throttle_status", u32), f("gfxclk_lock_status", u32),
	f("pcie_link_width", u16), f("pcie_link_speed", u16),
	f("xgmi_link_width", u16), f("xgmi_link_speed", u16),
	f("gfx_activity_acc", u32), f("mem_activity_acc", u32),
	f("pcie_bandwidth_acc", u64), f("pcie_bandwidth_inst", u64),
	f("pcie_l0_to_recov_count_acc", u64), f("pcie_replay_count_acc", u64), f("pcie_replay_rover_count_acc", u64),
}

var v1_4Tail = []field{
	arr("xgmi_read_data_acc", u64, numXGMILinks), arr("xgmi_write_data_acc", u64, numXGMILinks),
	f("firmware_timestamp", u64),
	arr("current_gfxclk", u16, maxGfxClks), arr("current_socclk", u16, maxClks),
	arr("current_vclk0", u16, maxClks), arr("current_dclk0", u16, maxClks),
	f("current_uclk", u16), f("padding", u16),
}

var gpuMetricsV1_4 = fields(header, v1_4Head, v1_4Mid, v1_4Tail)

var gpuMetricsV1_5 = fields(header, v1_4Head,
	[]field{arr("jpeg_activity", u16, numJPEGEng)},
	v1_4Mid,
	[]field{f("pcie_nak_sent_count_acc", u32), f("pcie_nak_rcvd_count_acc", u32)},
	v1_4Tail)

// The APU blocks of v2_x.
var v2Temps = []field{
	f("temperature_gfx", u16), f("temperature_soc", u16),
	arr("temperature_core", u16, 8), arr("temperature_l3", u16, 2),
	f("average_gfx_activity", u16), f("average_mm_activity", u16),
}

var v2Power = []field{
	f("average_socket_power", u16), f("average_cpu_power", u16), f("average_soc_power", u16),
	f("average_gfx_power", u16), arr("average_core_power", u16, 8),
	f("average_gfxclk_frequency", u16), f("average_socclk_frequency", u16), f("average_uclk_frequency", u16),
	f("average_fclk_frequency", u16), f("average_vclk_frequency", u16), f("average_dclk_frequency", u16),
	f("current_gfxclk", u16), f("current_socclk", u16), f("current_uclk", u16), f("current_fclk", u16),
	f("current_vclk", u16), f("current_dclk", u16),
	arr("current_coreclk", u16, 8), arr("current_l3clk", u16, 2),
	f("throttle_status", u32),
	f("fan_pwm", u16),
}

var gpuMetricsV2_0 = fields(header,
	[]field{f("system_clock_counter", u64)},
	v2Temps, v2Power,
	[]field{f("padding", u16)})

var gpuMetricsV2_1 = fields(header, v2Temps,
	[]field{f("system_clock_counter", u64)},
	v2Power,
	[]field{arr("padding", u16, 3)})

var gpuMetricsV2_2 = fields(gpuMetricsV2_1, []field{f("indep_throttle_status", u64)})

var gpuMetricsV2_3 = fields(gpuMetricsV2_2, []field{
	f("average_temperature_gfx", u16), f("average_temperature_soc", u16),
	arr("average_temperature_core", u16, 8), arr("average_temperature_l3", u16, 2),
})

var gpuMetricsV2_4 = fields(gpuMetricsV2_3, []field{
	f("average_cpu_voltage", u16), f("average_soc_voltage", u16), f("average_gfx_voltage", u16),
	f("average_cpu_current", u16), f("average_soc_current", u16), f("average_gfx_current", u16),
})

var gpuMetricsV3_0 = fields(header, []field{
	f("temperature_gfx", u16), f("temperature_soc", u16), arr("temperature_core", u16, 16),
	f("temperature_skin", u16),
	f("average_gfx_activity", u16), f("average_vcn_activity", u16),
	arr("average_ipu_activity", u16, 8), arr("average_core_c0_activity", u16, 16),
	f("average_dram_reads", u16), f("average_dram_writes", u16),
	f("average_ipu_reads", u16), f("average_ipu_writes", u16),
	f("system_clock_counter", u64),
	f("average_socket_power", u32), f("average_ipu_power", u16), f("average_apu_power", u32),
	f("average_gfx_power", u32), f("average_dgpu_power", u32), f("average_all_core_power", u32),
	arr("average_core_power", u16, 16), f("average_sys_power", u16),
	f("stapm_power_limit", u16), f("current_stapm_power_limit", u16),
	f("average_gfxclk_frequency", u16), f("average_socclk_frequency", u16), f("average_vpeclk_frequency", u16),
	f("average_ipuclk_frequency", u16), f("average_fclk_frequency", u16), f("average_vclk_frequency", u16),
	f("average_uclk_frequency", u16), f("average_mpipu_frequency", u16),
	arr("current_coreclk", u16, 16), f("current_core_maxfreq", u16), f("current_gfx_maxfreq", u16),
	f("throttle_residency_prochot", u32), f("throttle_residency_spl", u32), f("throttle_residency_fppt", u32),
	f("throttle_residency_sppt", u32), f("throttle_residency_thm_core", u32), f("throttle_residency_thm_gfx", u32),
	f("throttle_residency_thm_soc", u32),
	f("time_filter_alphavalue", u32),
})

// placed is a field with its offset.
type placed struct {
	field
	off int
}

// layout is one structure with every member placed.
type layout struct {
	rev    Revision
	name   string // gpu_metrics_v1_3
	size   int    // sizeof
	byName map[string]placed
	order  []placed
}

// place lays fields out as a C compiler does: each at the next multiple of
// its alignment (its own size), the whole rounded up to the largest one.
func place(rev Revision, fs []field) *layout {
	l := &layout{rev: rev, name: rev.StructName(), byName: map[string]placed{}}
	off, maxAlign := 0, 1
	for _, fd := range fs {
		a := int(fd.t)
		if a > maxAlign {
			maxAlign = a
		}
		off = (off + a - 1) / a * a
		p := placed{fd, off}
		if _, dup := l.byName[fd.name]; dup {
			panic("gpumetrics: duplicate field " + fd.name + " in " + l.name)
		}
		l.byName[fd.name] = p
		l.order = append(l.order, p)
		off += a * fd.n
	}
	l.size = (off + maxAlign - 1) / maxAlign * maxAlign
	return l
}

// layouts are the revisions decoded, by format and content revision.
var layouts = map[Revision]*layout{}

func init() {
	for rev, fs := range map[Revision][]field{
		{1, 0}: gpuMetricsV1_0, {1, 1}: gpuMetricsV1_1, {1, 2}: gpuMetricsV1_2, {1, 3}: gpuMetricsV1_3,
		{1, 4}: gpuMetricsV1_4, {1, 5}: gpuMetricsV1_5,
		{2, 0}: gpuMetricsV2_0, {2, 1}: gpuMetricsV2_1, {2, 2}: gpuMetricsV2_2, {2, 3}: gpuMetricsV2_3,
		{2, 4}: gpuMetricsV2_4,
		{3, 0}: gpuMetricsV3_0,
	} {
		layouts[rev] = place(rev, fs)
	}
}
