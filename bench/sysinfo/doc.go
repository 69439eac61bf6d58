// Package sysinfo records the system a benchmark figure came from: kernel
// release and command line, amdgpu module parameters, the kernel config,
// transparent hugepages, every AMD DRM card (SKU from bench/devtable, gfx
// target, clocks, PCIe link, VRAM, hwmon), KFD topology nodes, the kernel
// log's verdicts (effective fragment size, SVM, resets) and the driver's
// environment (RADV_*, ACO_*, MESA_*, LP_*, GALLIVM_*, the loaders'
// selection: resultsfile.FilterDriverEnv). Every path is read under a root (--sysroot),
// so tests run on fixture trees; a missing, unreadable or malformed file is
// recorded (System.Files) and never stops collection.
//
// It also records the Vulkan device a run uses (SetVulkan; bench/doctor
// checks the record against the kernel-config guide and benchmarking
// hygiene), reads pp_dpm_* files as the kernel writes them (InterpretDPM:
// levels apart from the clock of the moment), reads the clock state before
// and after a benchmark (ReadClocks) and pins the performance level
// (PinClocks).
//
// # Fingerprint keys
//
// System.Fingerprint flattens the record into string keys that results
// files embed and `compare --by KEY` groups on. A key is absent when the
// fact is unknown; values are as read unless stated.
//
//	host.name                         /proc/sys/kernel/hostname
//	host.cpu                          first "model name" of /proc/cpuinfo
//	kernel.release, kernel.version    /proc/sys/kernel/{osrelease,version}
//	kernel.cmdline                    /proc/cmdline, raw
//	kernel.cmdline.amdgpu.NAME        each amdgpu.NAME=VALUE on the command line
//	kernel.config.source              /proc/config.gz or /boot/config-RELEASE
//	kernel.config.sha256              hash of the whole (decompressed) config
//	kernel.config.CONFIG_X            y, m, a value, "not set" or "absent", for
//	                                  each option of ConfigOptions
//	amdgpu.loaded                     yes / no (/sys/module/amdgpu/parameters)
//	amdgpu.param.NAME                 module parameter as loaded, for
//	                                  vm_fragment_size, vm_size, vm_block_size,
//	                                  noretry, ppfeaturemask, gpu_recovery,
//	                                  sched_policy, svm_default_granularity
//	amdgpu.vm_fragment_size           EFFECTIVE fragment size (log2 of 4 KiB pages)
//	amdgpu.vm_fragment_size.source    log | param | default | unknown
//	amdgpu.noretry                    EFFECTIVE noretry (0 or 1)
//	amdgpu.noretry.source             param | default | unknown
//	gpu.count                         number of AMD DRM cards
//	gpu.card, gpu.pci_slot            primary AMD card, e.g. card1, 0000:03:00.0
//	gpu.pci_id                        DEVICE:REV in hex, e.g. 744C:C8
//	gpu.sku                           device-table name, e.g. RX 7900 XTX
//	gpu.gfx                           gfx target, e.g. gfx1100
//	gpu.cus                           compute units (table, else KFD)
//	gpu.vram_bytes                    mem_info_vram_total
//	perf_level                        power_dpm_force_performance_level
//	power_profile                     active pp_power_profile_mode
//	kfd.gpus, kfd.gfx                 KFD GPU node count and their gfx targets
//	thp.enabled, thp.defrag           selected transparent hugepage modes
//	env.NAME                          the driver's environment
//	                                  (resultsfile.FilterDriverEnv: RADV_*,
//	                                  ACO_*, MESA_*, NIR_*, GALLIUM_*,
//	                                  GALLIVM_*, LP_*, AMD_*, AMDGPU_*,
//	                                  the Vulkan loader's VK_DRIVER_FILES,
//	                                  ..., LD_LIBRARY_PATH, LD_PRELOAD)
//	driver.id, driver.name, driver.info, vulkan.api, vulkan.device
//	                                  from SetVulkan (the opened device)
//
// The primary GPU is the first AMD card that is not CDNA, or the Vulkan
// device once SetVulkan has matched its PCI device ID.
package sysinfo
