package sysinfo

// Collectors for the GPUs: KFD topology nodes and DRM cards (identity,
// clocks, PCIe link, VRAM, hwmon).

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/radvbench/radvbench/bench/devtable"
	"github.com/radvbench/radvbench/bench/gpumetrics"
)

const kfdNodes = "/sys/class/kfd/kfd/topology/nodes"

func collectKFD(r *reader, s *System) {
	if !r.exists("/sys/class/kfd") {
		r.record("/sys/class/kfd", StatusMissing, "")
		return
	}
	names := r.list(kfdNodes)
	var nodes []int
	for _, n := range names {
		if i, err := strconv.Atoi(n); err == nil {
			nodes = append(nodes, i)
		}
	}
	sort.Ints(nodes)
	for _, i := range nodes {
		dir := join(kfdNodes, strconv.Itoa(i))
		n := KFDNode{Node: i}
		n.Name, _ = r.str(join(dir, "name"))
		n.GPUID, _ = r.str(join(dir, "gpu_id"))
		if raw, ok := r.read(join(dir, "properties")); ok {
			props, err := ParseKFDProperties(string(raw))
			if err != nil {
				r.malformed(join(dir, "properties"), err.Error())
			}
			n.Properties = props
		}
		p := n.Properties
		n.CPU = p["simd_count"] == 0
		if !n.CPU {
			n.GFX = GFXTarget(p["gfx_target_version"])
			if p["simd_per_cu"] > 0 {
				n.CUs = int(p["simd_count"] / p["simd_per_cu"])
			}
			n.WaveSize = int(p["wave_front_size"])
			n.MaxEngineMHz = int(p["max_engine_clk_fcompute"])
			n.VendorID = uint32(p["vendor_id"])
			n.DeviceID = uint32(p["device_id"])
			n.RenderMinor = int(p["drm_render_minor"])
			n.CDNA = IsCDNA(n.GFX)
		}
		s.KFD = append(s.KFD, n)
	}
}

var cardName = regexp.MustCompile(`^card(\d+)$`)

func collectGPUs(r *reader, s *System) {
	const drm = "/sys/class/drm"
	names := r.list(drm)
	var cards []string
	for _, n := range names {
		if cardName.MatchString(n) {
			cards = append(cards, n)
		}
	}
	// card2 before card10
	sort.Slice(cards, func(i, j int) bool {
		a, _ := strconv.Atoi(cards[i][4:])
		b, _ := strconv.Atoi(cards[j][4:])
		return a < b
	})
	for _, c := range cards {
		dev := join(drm, c, "device")
		hexID := func(name string) (uint32, bool) {
			raw, ok := r.str(join(dev, name))
			if !ok {
				return 0, false
			}
			v, err := ParseHex(raw)
			if err != nil || v > 0xffffffff {
				r.malformed(join(dev, name), "not a hex ID: "+raw)
				return 0, false
			}
			return uint32(v), true
		}
		vendor, _ := hexID("vendor")
		device, _ := hexID("device")
		var driver, slot string
		if raw, ok := r.read(join(dev, "uevent")); ok {
			ue := ParseUevent(string(raw))
			driver, slot = ue["DRIVER"], ue["PCI_SLOT_NAME"]
		}
		if vendor != devtable.VendorAMD {
			s.OtherCards = append(s.OtherCards, OtherCard{Card: c, VendorID: vendor, DeviceID: device, Driver: driver})
			continue
		}
		g := GPU{Card: c, PCISlot: slot, Driver: driver, VendorID: vendor, DeviceID: device, Revision: -1, RenderMinor: -1}
		if rev, ok := hexID("revision"); ok {
			g.Revision = int(rev)
		}
		g.SubsystemVendorID, _ = hexID("subsystem_vendor")
		g.SubsystemDeviceID, _ = hexID("subsystem_device")
		for _, n := range r.list(join(dev, "drm")) {
			if m, ok := strings.CutPrefix(n, "renderD"); ok {
				if v, err := strconv.Atoi(m); err == nil {
					g.RenderMinor = v
				}
			}
		}
		identify(&g, s.KFD)
		collectClocks(r, dev, &g)
		s.GPUs = append(s.GPUs, g)
	}
	for i, g := range s.GPUs {
		if !g.CDNA && s.Primary < 0 {
			s.Primary = i
		}
	}
	if s.Primary < 0 && len(s.GPUs) > 0 {
		s.Primary = 0
	}
}

// identify fills the SKU, name and gfx target of g from the device table
// and the KFD node of the same device.
func identify(g *GPU, kfd []KFDNode) {
	if sku, ok := devtable.Lookup(g.VendorID, g.DeviceID, g.Revision); ok {
		g.SKU = &sku
		g.Name = sku.Name
		g.GFX = sku.GFX
	} else if g.Revision >= 0 {
		g.Name = fmt.Sprintf("AMD GPU %04X:%04X rev %02X", g.VendorID, g.DeviceID, g.Revision)
	} else {
		g.Name = fmt.Sprintf("AMD GPU %04X:%04X", g.VendorID, g.DeviceID)
	}
	if g.GFX == "" {
		var match *KFDNode
		for i := range kfd {
			n := &kfd[i]
			if n.CPU || n.GFX == "" {
				continue
			}
			if g.RenderMinor >= 0 && n.RenderMinor == g.RenderMinor {
				match = n
				break
			}
			if n.DeviceID == g.DeviceID && match == nil {
				match = n
			}
		}
		if match != nil {
			g.GFX = match.GFX
		} else if c := devtable.Candidates(g.DeviceID); len(c) > 0 {
			same := true
			for _, x := range c {
				same = same && x.GFX == c[0].GFX
			}
			if same {
				g.GFX = c[0].GFX
			}
		}
	}
	g.CDNA = IsCDNA(g.GFX)
}

func collectClocks(r *reader, dev string, g *GPU) {
	g.PerfLevel, _ = r.str(join(dev, "power_dpm_force_performance_level"))
	for _, f := range []struct {
		name string
		dst  *[]DPMLevel
	}{{"pp_dpm_sclk", &g.SCLK}, {"pp_dpm_mclk", &g.MCLK}, {"pp_dpm_socclk", &g.SOCCLK}, {"pp_dpm_fclk", &g.FCLK}, {"pp_dpm_pcie", &g.PCIe}} {
		p := join(dev, f.name)
		raw, ok := r.read(p)
		if !ok {
			continue
		}
		levels, err := ParseDPM(string(raw))
		if err != nil {
			r.malformed(p, err.Error())
		}
		*f.dst = levels
	}
	if raw, ok := r.read(join(dev, "pp_power_profile_mode")); ok {
		if _, name, err := ParsePowerProfile(string(raw)); err == nil {
			g.PowerProfile = name
		} else {
			r.malformed(join(dev, "pp_power_profile_mode"), err.Error())
		}
	}
	num := func(name string) *int64 {
		p := join(dev, name)
		raw, ok := r.str(p)
		if !ok {
			return nil
		}
		v, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || v < 0 {
			r.malformed(p, "not a non-negative integer: "+raw)
			return nil
		}
		return &v
	}
	g.BusyPercent = num("gpu_busy_percent")
	g.MemBusyPercent = num("mem_busy_percent")
	g.VRAMTotal = num("mem_info_vram_total")
	g.VRAMUsed = num("mem_info_vram_used")
	g.GTTTotal = num("mem_info_gtt_total")
	g.GTTUsed = num("mem_info_gtt_used")
	g.LinkSpeed, _ = r.str(join(dev, "current_link_speed"))
	g.LinkWidth, _ = r.str(join(dev, "current_link_width"))
	g.MaxLinkSpeed, _ = r.str(join(dev, "max_link_speed"))
	g.MaxLinkWidth, _ = r.str(join(dev, "max_link_width"))
	g.Hwmon = readHwmon(r, dev)
	g.GPUMetrics = readGPUMetrics(r, dev)
}

// readGPUMetrics decodes the card's gpu_metrics table (bench/gpumetrics),
// where the file exists (older kernels and parts have none: not a
// problem to record). An unknown revision is kept with Known false; a
// table that does not decode is recorded malformed.
func readGPUMetrics(r *reader, dev string) *gpumetrics.Metrics {
	p := join(dev, "gpu_metrics")
	if !r.exists(p) {
		return nil
	}
	data, ok := r.read(p)
	if !ok {
		return nil
	}
	m, err := gpumetrics.Decode(data)
	if err != nil {
		r.malformed(p, err.Error())
		return nil
	}
	return &m
}

func readHwmon(r *reader, dev string) *Hwmon {
	dirs := r.list(join(dev, "hwmon"))
	if len(dirs) == 0 {
		return nil
	}
	dir := join(dev, "hwmon", dirs[0])
	for _, d := range dirs {
		if name, ok := r.str(join(dev, "hwmon", d, "name")); ok && name == "amdgpu" {
			dir = join(dev, "hwmon", d)
			break
		}
	}
	h := &Hwmon{Dir: dir}
	// scaled reads a hwmon value and divides it by div; absent files are
	// not recorded (hwmon files differ between parts).
	scaled := func(name string, div float64) *float64 {
		p := join(dir, name)
		if !r.exists(p) {
			return nil
		}
		raw, ok := r.str(p)
		if !ok {
			return nil
		}
		v, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			r.malformed(p, "not a number: "+raw)
			return nil
		}
		v /= div
		return &v
	}
	h.PowerW = scaled("power1_average", 1e6)
	if h.PowerW == nil {
		h.PowerW = scaled("power1_input", 1e6)
	}
	h.PowerCapW = scaled("power1_cap", 1e6)
	h.PowerCapMaxW = scaled("power1_cap_max", 1e6)
	h.SCLKMHz = scaled("freq1_input", 1e6)
	h.MCLKMHz = scaled("freq2_input", 1e6)
	for i := 1; i <= 9; i++ {
		v := scaled(fmt.Sprintf("temp%d_input", i), 1000)
		if v == nil {
			continue
		}
		label := fmt.Sprintf("temp%d", i)
		if l, ok := r.str(join(dir, fmt.Sprintf("temp%d_label", i))); ok && l != "" {
			label = l
		}
		if h.TempsC == nil {
			h.TempsC = map[string]float64{}
		}
		h.TempsC[label] = *v
	}
	return h
}
