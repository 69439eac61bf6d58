BB0:
	v_dual_mov_b32 v9, 0 :: v_dual_mov_b32 v8, 0                ; ca100080 09080080
	v_dual_mov_b32 v11, 0 :: v_dual_mov_b32 v10, 0              ; ca100080 0b0a0080
	v_dual_mov_b32 v13, 0 :: v_dual_mov_b32 v12, 0              ; ca100080 0d0c0080
	v_dual_mov_b32 v15, 0 :: v_dual_mov_b32 v14, 0              ; ca100080 0f0e0080
	v_dual_mov_b32 v17, 0 :: v_dual_mov_b32 v16, 0              ; ca100080 11100080
	v_dual_mov_b32 v19, 0 :: v_dual_mov_b32 v18, 0              ; ca100080 13120080
	v_dual_mov_b32 v21, 0 :: v_dual_mov_b32 v20, 0              ; ca100080 15140080
	s_bfe_u32 s0, s8, 0x50014                                   ; 9300ff08 00050014
	v_dual_mov_b32 v23, 0 :: v_dual_mov_b32 v22, 0              ; ca100080 17160080
	v_dual_mov_b32 v25, 0 :: v_dual_mov_b32 v24, 0              ; ca100080 19180080
	v_dual_mov_b32 v27, 0 :: v_dual_mov_b32 v26, 0              ; ca100080 1b1a0080
	v_dual_mov_b32 v29, 0 :: v_dual_mov_b32 v28, 0              ; ca100080 1d1c0080
	v_dual_mov_b32 v31, 0 :: v_dual_mov_b32 v30, 0              ; ca100080 1f1e0080
	v_dual_mov_b32 v33, 0 :: v_dual_mov_b32 v32, 0              ; ca100080 21200080
	v_dual_mov_b32 v35, 0 :: v_dual_mov_b32 v34, 0              ; ca100080 23220080
	v_dual_mov_b32 v37, 0 :: v_dual_mov_b32 v36, 0              ; ca100080 25240080
	v_dual_mov_b32 v39, 0 :: v_dual_mov_b32 v38, 0              ; ca100080 27260080
	s_mov_b32 s10, 0                                            ; be8a0080
	s_and_b32 s1, s0, -2                                        ; 8b01c200
	s_and_b32 s9, s0, 1                                         ; 8b098100
	s_lshl_b32 s7, s7, 6                                        ; 84078607
	s_lshl_b32 s6, s6, 6                                        ; 84068606
BB1:
	s_cmp_ge_u32 s10, s5                                        ; bf09050a
	s_cbranch_scc1 BB37                                         ; bfa20182
BB4:
	v_mov_b32_e32 v1, v0                                        ; 7e020300
	s_mov_b32 s11, exec_lo                                      ; be8b007e
	s_nop 0                                                     ; bf800000
	(then repeated 4 times)
BB5:
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmpx_le_u32_e32 0x100, v1                                 ; 7d9602ff 00000100
BB6:
	s_and_not1_b32 s11, s11, exec_lo                            ; 910b7e0b
	s_cbranch_scc0 BB20                                         ; bfa10043
BB13:
	s_mov_b32 exec_lo, s11                                      ; befe000b
	v_lshrrev_b32_e32 v2, 2, v1                                 ; 32040282
	v_and_b32_e32 v4, 3, v1                                     ; 36080283
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s7, v2                                 ; 4a060407
	v_lshlrev_b32_e32 v4, 3, v4                                 ; 30080883
	v_cmp_gt_u32_e32 vcc_lo, s3, v3                             ; 7c980603
	v_add_nc_u32_e32 v5, s10, v4                                ; 4a0a080a
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_cmp_gt_u32_e64 s12, s5, v5                                ; d44c000c 00020a05
	s_and_b32 s12, vcc_lo, s12                                  ; 8b0c0c6a
	s_and_b32 exec_lo, s12, exec_lo                             ; 8b7e7e0c
	s_cbranch_execz BB17                                        ; bfa5000e
BB14:
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], null                        ; f4080306 f8000000
	v_mul_lo_u32 v3, v3, s5                                     ; d72c0003 00000b03
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v3, v3, v5                                 ; 4a060b03
	v_lshrrev_b32_e32 v3, 3, v3                                 ; 32060683
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 4, v3                                 ; 30060684
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_load_b128 v[40:43], v3, s[12:15], 0 offen            ; e05c0000 80432803
BB17:
	s_and_not1_b32 exec_lo, s11, exec_lo                        ; 917e7e0b
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_dual_mov_b32 v41, 0 :: v_dual_mov_b32 v40, 0              ; ca100080 29280080
	v_dual_mov_b32 v43, 0 :: v_dual_mov_b32 v42, 0              ; ca100080 2b2a0080
BB19:
	s_mov_b32 exec_lo, s11                                      ; befe000b
	v_mul_lo_u32 v2, 40, v2                                     ; d72c0002 000204a8
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v4, 1                                ; d6470002 02060902
	ds_store_b16 v2, v40                                        ; d87c0000 00002802
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16_d16_hi v2, v40 offset:2                        ; da840002 00002802
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16 v2, v41 offset:4                               ; d87c0004 00002902
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16_d16_hi v2, v41 offset:6                        ; da840006 00002902
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16 v2, v42 offset:8                               ; d87c0008 00002a02
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16_d16_hi v2, v42 offset:10                       ; da84000a 00002a02
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16 v2, v43 offset:12                              ; d87c000c 00002b02
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16_d16_hi v2, v43 offset:14                       ; da84000e 00002b02
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	v_add_nc_u32_e32 v1, 0x80, v1                               ; 4a0202ff 00000080
	s_branch BB5                                                ; bfa0ffb8
BB20:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_mov_b32_e32 v1, v0                                        ; 7e020300
	s_mov_b32 s11, exec_lo                                      ; be8b007e
	s_nop 0                                                     ; bf800000
	(then repeated 4 times)
BB21:
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmpx_le_u32_e32 0x100, v1                                 ; 7d9602ff 00000100
BB22:
	s_and_not1_b32 s11, s11, exec_lo                            ; 910b7e0b
	s_cbranch_scc0 BB36                                         ; bfa10044
BB29:
	s_mov_b32 exec_lo, s11                                      ; befe000b
	v_lshrrev_b32_e32 v2, 3, v1                                 ; 32040283
	v_and_b32_e32 v4, 7, v1                                     ; 36080287
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s10, v2                                ; 4a06040a
	v_lshlrev_b32_e32 v4, 3, v4                                 ; 30080883
	v_cmp_gt_u32_e32 vcc_lo, s5, v3                             ; 7c980605
	v_add_nc_u32_e32 v5, s6, v4                                 ; 4a0a0806
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_cmp_gt_u32_e64 s12, s4, v5                                ; d44c000c 00020a04
	s_and_b32 s12, vcc_lo, s12                                  ; 8b0c0c6a
	s_and_b32 exec_lo, s12, exec_lo                             ; 8b7e7e0c
	s_cbranch_execz BB33                                        ; bfa5000e
BB30:
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x10                        ; f4080306 f8000010
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v3, v3, v5                                 ; 4a060b03
	v_lshrrev_b32_e32 v3, 3, v3                                 ; 32060683
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 4, v3                                 ; 30060684
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_load_b128 v[40:43], v3, s[12:15], 0 offen            ; e05c0000 80432803
BB33:
	s_and_not1_b32 exec_lo, s11, exec_lo                        ; 917e7e0b
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_dual_mov_b32 v41, 0 :: v_dual_mov_b32 v40, 0              ; ca100080 29280080
	v_dual_mov_b32 v43, 0 :: v_dual_mov_b32 v42, 0              ; ca100080 2b2a0080
BB35:
	s_mov_b32 exec_lo, s11                                      ; befe000b
	v_mul_lo_u32 v2, 0x48, v2                                   ; d72c0002 000204ff 00000048
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v4, 1                                ; d6470002 02060902
	ds_store_b16 v2, v40 offset:5120                            ; d87c1400 00002802
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16_d16_hi v2, v40 offset:5122                     ; da841402 00002802
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16 v2, v41 offset:5124                            ; d87c1404 00002902
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16_d16_hi v2, v41 offset:5126                     ; da841406 00002902
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16 v2, v42 offset:5128                            ; d87c1408 00002a02
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16_d16_hi v2, v42 offset:5130                     ; da84140a 00002a02
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16 v2, v43 offset:5132                            ; d87c140c 00002b02
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_store_b16_d16_hi v2, v43 offset:5134                     ; da84140e 00002b02
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	v_add_nc_u32_e32 v1, 0x80, v1                               ; 4a0202ff 00000080
	s_branch BB21                                               ; bfa0ffb7
BB36:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_barrier                                                   ; bfbd0000
	s_mul_i32 s11, s1, 0x500                                    ; 960bff01 00000500
	v_mbcnt_lo_u32_b32 v1, -1, 0                                ; d71f0001 000100c1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_mad_u32_u24 v2, 0x50, v1, s11                             ; d60b0002 002e02ff 00000050
	ds_load_b128 v[4:7], v2                                     ; dbfc0000 04000002
	ds_load_b128 v[40:43], v2 offset:16                         ; dbfc0010 28000002
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_load_b128 v[44:47], v2 offset:1280                       ; dbfc0500 2c000002
	ds_load_b128 v[48:51], v2 offset:1296                       ; dbfc0510 30000002
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	v_lshlrev_b32_e32 v1, 1, v1                                 ; 30020281
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshl_add_u32 v1, s9, 6, v1                                ; d6460001 04050c09
	ds_load_u16_d16 v56, v1 offset:5120                         ; da981400 38000001
	ds_load_u16_d16_hi v56, v1 offset:5264                      ; da9c1490 38000001
	ds_load_u16_d16 v57, v1 offset:5408                         ; da981520 39000001
	ds_load_u16_d16_hi v57, v1 offset:5552                      ; da9c15b0 39000001
	ds_load_u16_d16 v58, v1 offset:5696                         ; da981640 3a000001
	ds_load_u16_d16_hi v58, v1 offset:5840                      ; da9c16d0 3a000001
	ds_load_u16_d16 v59, v1 offset:5984                         ; da981760 3b000001
	ds_load_u16_d16_hi v59, v1 offset:6128                      ; da9c17f0 3b000001
	ds_load_u16_d16 v60, v1 offset:6272                         ; da981880 3c000001
	ds_load_u16_d16_hi v60, v1 offset:6416                      ; da9c1910 3c000001
	ds_load_u16_d16 v61, v1 offset:6560                         ; da9819a0 3d000001
	ds_load_u16_d16_hi v61, v1 offset:6704                      ; da9c1a30 3d000001
	ds_load_u16_d16 v62, v1 offset:6848                         ; da981ac0 3e000001
	ds_load_u16_d16_hi v62, v1 offset:6992                      ; da9c1b50 3e000001
	ds_load_u16_d16 v63, v1 offset:7136                         ; da981be0 3f000001
	ds_load_u16_d16_hi v63, v1 offset:7280                      ; da9c1c70 3f000001
	v_dual_mov_b32 v52, v37 :: v_dual_mov_b32 v3, v36           ; ca100125 34020124
	v_dual_mov_b32 v54, v39 :: v_dual_mov_b32 v53, v38          ; ca100127 36340126
	v_dual_mov_b32 v37, v5 :: v_dual_mov_b32 v36, v4            ; ca100105 25240104
	v_dual_mov_b32 v39, v7 :: v_dual_mov_b32 v38, v6            ; ca100107 27260106
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_load_u16_d16 v64, v1 offset:5152                         ; da981420 40000001
	ds_load_u16_d16_hi v64, v1 offset:5296                      ; da9c14b0 40000001
	ds_load_u16_d16 v65, v1 offset:5440                         ; da981540 41000001
	ds_load_u16_d16_hi v65, v1 offset:5584                      ; da9c15d0 41000001
	ds_load_u16_d16 v66, v1 offset:5728                         ; da981660 42000001
	ds_load_u16_d16_hi v66, v1 offset:5872                      ; da9c16f0 42000001
	ds_load_u16_d16 v67, v1 offset:6016                         ; da981780 43000001
	ds_load_u16_d16_hi v67, v1 offset:6160                      ; da9c1810 43000001
	ds_load_u16_d16 v68, v1 offset:6304                         ; da9818a0 44000001
	ds_load_u16_d16_hi v68, v1 offset:6448                      ; da9c1930 44000001
	ds_load_u16_d16 v69, v1 offset:6592                         ; da9819c0 45000001
	ds_load_u16_d16_hi v69, v1 offset:6736                      ; da9c1a50 45000001
	ds_load_u16_d16 v70, v1 offset:6880                         ; da981ae0 46000001
	ds_load_u16_d16_hi v70, v1 offset:7024                      ; da9c1b70 46000001
	ds_load_u16_d16 v71, v1 offset:7168                         ; da981c00 47000001
	ds_load_u16_d16_hi v71, v1 offset:7312                      ; da9c1c90 47000001
	v_dual_mov_b32 v73, v33 :: v_dual_mov_b32 v72, v32          ; ca100121 49480120
	v_dual_mov_b32 v75, v35 :: v_dual_mov_b32 v74, v34          ; ca100123 4b4a0122
	v_dual_mov_b32 v77, v52 :: v_dual_mov_b32 v76, v3           ; ca100134 4d4c0103
	v_dual_mov_b32 v79, v54 :: v_dual_mov_b32 v78, v53          ; ca100136 4f4e0135
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_load_b128 v[4:7], v2 offset:32                           ; dbfc0020 04000002
	ds_load_b128 v[32:35], v2 offset:48                         ; dbfc0030 20000002
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_load_b128 v[52:55], v2 offset:1312                       ; dbfc0520 34000002
	ds_load_b128 v[80:83], v2 offset:1328                       ; dbfc0530 50000002
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_load_u16_d16 v88, v1 offset:7424                         ; da981d00 58000001
	ds_load_u16_d16_hi v88, v1 offset:7568                      ; da9c1d90 58000001
	ds_load_u16_d16 v89, v1 offset:7712                         ; da981e20 59000001
	ds_load_u16_d16_hi v89, v1 offset:7856                      ; da9c1eb0 59000001
	ds_load_u16_d16 v90, v1 offset:8000                         ; da981f40 5a000001
	ds_load_u16_d16_hi v90, v1 offset:8144                      ; da9c1fd0 5a000001
	ds_load_u16_d16 v91, v1 offset:8288                         ; da982060 5b000001
	ds_load_u16_d16_hi v91, v1 offset:8432                      ; da9c20f0 5b000001
	ds_load_u16_d16 v92, v1 offset:8576                         ; da982180 5c000001
	ds_load_u16_d16_hi v92, v1 offset:8720                      ; da9c2210 5c000001
	ds_load_u16_d16 v93, v1 offset:8864                         ; da9822a0 5d000001
	ds_load_u16_d16_hi v93, v1 offset:9008                      ; da9c2330 5d000001
	ds_load_u16_d16 v94, v1 offset:9152                         ; da9823c0 5e000001
	ds_load_u16_d16_hi v94, v1 offset:9296                      ; da9c2450 5e000001
	ds_load_u16_d16 v95, v1 offset:9440                         ; da9824e0 5f000001
	ds_load_u16_d16_hi v95, v1 offset:9584                      ; da9c2570 5f000001
	v_wmma_f32_16x16x16_f16 v[8:15], v[36:43], v[56:63], v[8:15] ; cc404008 1c227124
	v_wmma_f32_16x16x16_f16 v[24:31], v[44:51], v[56:63], v[24:31] ; cc404018 1c62712c
	v_dual_mov_b32 v57, v5 :: v_dual_mov_b32 v56, v4            ; ca100105 39380104
	v_dual_mov_b32 v59, v7 :: v_dual_mov_b32 v58, v6            ; ca100107 3b3a0106
	v_dual_mov_b32 v63, v35 :: v_dual_mov_b32 v62, v34          ; ca100123 3f3e0122
	v_dual_mov_b32 v61, v33 :: v_dual_mov_b32 v60, v32          ; ca100121 3d3c0120
	v_dual_mov_b32 v85, v81 :: v_dual_mov_b32 v84, v80          ; ca100151 55540150
	v_dual_mov_b32 v81, v53 :: v_dual_mov_b32 v80, v52          ; ca100135 51500134
	v_dual_mov_b32 v87, v83 :: v_dual_mov_b32 v86, v82          ; ca100153 57560152
	v_dual_mov_b32 v83, v55 :: v_dual_mov_b32 v82, v54          ; ca100137 53520136
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	ds_load_u16_d16 v96, v1 offset:7456                         ; da981d20 60000001
	ds_load_u16_d16_hi v96, v1 offset:7600                      ; da9c1db0 60000001
	ds_load_u16_d16 v97, v1 offset:7744                         ; da981e40 61000001
	ds_load_u16_d16_hi v97, v1 offset:7888                      ; da9c1ed0 61000001
	ds_load_u16_d16 v98, v1 offset:8032                         ; da981f60 62000001
	ds_load_u16_d16_hi v98, v1 offset:8176                      ; da9c1ff0 62000001
	ds_load_u16_d16 v99, v1 offset:8320                         ; da982080 63000001
	ds_load_u16_d16_hi v99, v1 offset:8464                      ; da9c2110 63000001
	ds_load_u16_d16 v100, v1 offset:8608                        ; da9821a0 64000001
	ds_load_u16_d16_hi v100, v1 offset:8752                     ; da9c2230 64000001
	ds_load_u16_d16 v101, v1 offset:8896                        ; da9822c0 65000001
	ds_load_u16_d16_hi v101, v1 offset:9040                     ; da9c2350 65000001
	ds_load_u16_d16 v102, v1 offset:9184                        ; da9823e0 66000001
	ds_load_u16_d16_hi v102, v1 offset:9328                     ; da9c2470 66000001
	ds_load_u16_d16 v103, v1 offset:9472                        ; da982500 67000001
	ds_load_u16_d16_hi v103, v1 offset:9616                     ; da9c2590 67000001
	v_wmma_f32_16x16x16_f16 v[16:23], v[36:43], v[64:71], v[16:23] ; cc404010 1c428124
	v_wmma_f32_16x16x16_f16 v[72:79], v[44:51], v[64:71], v[72:79] ; cc404048 1d22812c
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_barrier                                                   ; bfbd0000
	s_add_u32 s10, s10, 32                                      ; 800aa00a
	v_wmma_f32_16x16x16_f16 v[8:15], v[56:63], v[88:95], v[8:15] ; cc404008 1c22b138
	v_wmma_f32_16x16x16_f16 v[24:31], v[80:87], v[88:95], v[24:31] ; cc404018 1c62b150
	v_wmma_f32_16x16x16_f16 v[16:23], v[56:63], v[96:103], v[16:23] ; cc404010 1c42c138
	v_wmma_f32_16x16x16_f16 v[72:79], v[80:87], v[96:103], v[72:79] ; cc404048 1d22c150
	v_dual_mov_b32 v33, v73 :: v_dual_mov_b32 v32, v72          ; ca100149 21200148
	v_dual_mov_b32 v35, v75 :: v_dual_mov_b32 v34, v74          ; ca10014b 2322014a
	v_dual_mov_b32 v37, v77 :: v_dual_mov_b32 v36, v76          ; ca10014d 2524014c
	v_dual_mov_b32 v39, v79 :: v_dual_mov_b32 v38, v78          ; ca10014f 2726014e
	s_branch BB1                                                ; bfa0fe7c
BB37:
	s_add_u32 s1, s6, 64                                        ; 8001c006
	s_add_u32 s5, s7, 64                                        ; 8005c007
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_cmp_lt_u32 s3, s5                                         ; bf0a0503
	s_mov_b32 s10, src_scc                                      ; be8a00fd
	s_cmp_lt_u32 s4, s1                                         ; bf0a0104
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_or_b32 s10, s10, src_scc                                  ; 8c0afd0a
	s_mov_b32 s11, src_scc                                      ; be8b00fd
	s_bfe_u32 s8, s8, 0x40015                                   ; 9308ff08 00040015
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_lshl_b32 s8, s8, 5                                        ; 84088508
	s_add_u32 s7, s7, s8                                        ; 80070807
	s_lshl_b32 s9, s9, 5                                        ; 84098509
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_add_u32 s6, s6, s9                                        ; 80060906
	s_cmp_lg_i32 s11, 0                                         ; bf01800b
	s_cbranch_scc1 BB39                                         ; bfa20055
BB38:
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[8:11], s[8:9], 0x20                           ; f4080204 f8000020
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mul_i32 s1, s7, s4                                        ; 96010407
	s_mov_b32 s5, src_scc                                       ; be8500fd
	s_add_u32 s1, s1, s6                                        ; 80010601
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_and_b32_e32 v0, 15, v0                                    ; 3600008f
	v_add_nc_u32_e32 v4, 4, v1                                  ; 4a080284
	v_mul_lo_u32 v2, v1, s4                                     ; d72c0002 00000901
	v_add_nc_u32_e32 v3, 2, v1                                  ; 4a060282
	v_add_nc_u32_e32 v5, 6, v1                                  ; 4a0a0286
	v_mul_lo_u32 v4, v4, s4                                     ; d72c0004 00000904
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	v_mul_lo_u32 v5, v5, s4                                     ; d72c0005 00000905
	v_add3_u32 v2, v0, s1, v2                                   ; d6550002 04080300
	v_add_nc_u32_e32 v6, 8, v1                                  ; 4a0c0288
	v_add3_u32 v4, v0, s1, v4                                   ; d6550004 04100300
	v_add3_u32 v3, v0, s1, v3                                   ; d6550003 040c0300
	s_delay_alu instid0(VALU_DEP_4)                             ; bf870004
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_mul_lo_u32 v6, v6, s4                                     ; d72c0006 00000906
	v_add_nc_u32_e32 v7, 10, v1                                 ; 4a0e028a
	v_add3_u32 v5, v0, s1, v5                                   ; d6550005 04140300
	v_lshlrev_b32_e32 v4, 2, v4                                 ; 30080882
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_2) | instid1(VALU_DEP_1) ; bf8700b4
	v_mul_lo_u32 v7, v7, s4                                     ; d72c0007 00000907
	v_lshlrev_b32_e32 v5, 2, v5                                 ; 300a0a82
	v_add3_u32 v6, v0, s1, v6                                   ; d6550006 04180300
	v_lshlrev_b32_e32 v6, 2, v6                                 ; 300c0c82
	v_add3_u32 v7, v0, s1, v7                                   ; d6550007 041c0300
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v7, 2, v7                                 ; 300e0e82
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_clause 0x5                                                ; bf850005
	buffer_store_b32 v8, v2, s[8:11], 0 offen                   ; e0680000 80420802
	buffer_store_b32 v9, v3, s[8:11], 0 offen                   ; e0680000 80420903
	buffer_store_b32 v10, v4, s[8:11], 0 offen                  ; e0680000 80420a04
	buffer_store_b32 v11, v5, s[8:11], 0 offen                  ; e0680000 80420b05
	buffer_store_b32 v12, v6, s[8:11], 0 offen                  ; e0680000 80420c06
	buffer_store_b32 v13, v7, s[8:11], 0 offen                  ; e0680000 80420d07
	v_add_nc_u32_e32 v8, 12, v1                                 ; 4a10028c
	v_add_nc_u32_e32 v1, 14, v1                                 ; 4a02028e
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_2) | instid1(VALU_DEP_2) ; bf870132
	v_mul_lo_u32 v8, v8, s4                                     ; d72c0008 00000908
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	v_add3_u32 v8, v0, s1, v8                                   ; d6550008 04200300
	v_add3_u32 v0, v0, s1, v1                                   ; d6550000 04040300
	v_lshlrev_b32_e32 v8, 2, v8                                 ; 30101082
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_lshlrev_b32_e32 v0, 2, v0                                 ; 30000082
	s_clause 0x1                                                ; bf850001
	buffer_store_b32 v14, v8, s[8:11], 0 offen                  ; e0680000 80420e08
	buffer_store_b32 v15, v0, s[8:11], 0 offen                  ; e0680000 80420f00
	s_mov_b32 s1, s5                                            ; be810005
	s_branch BB56                                               ; bfa0004d
BB39:
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mov_b32 s1, src_scc                                       ; be8100fd
	s_lshl_b32 s5, s0, 10                                       ; 84058a00
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(SKIP_2) | instid1(VALU_DEP_2) ; bf870139
	s_add_u32 s8, 0x2600, s5                                    ; 800805ff 00002600
	v_and_b32_e32 v1, -16, v0                                   ; 360200d0
	v_and_b32_e32 v2, 15, v0                                    ; 3604008f
	v_lshlrev_b32_e32 v1, 2, v1                                 ; 30020282
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_2) | instid1(VALU_DEP_1) ; bf8700b1
	v_add3_u32 v3, v2, s8, v1                                   ; d6550003 04041102
	v_add3_u32 v4, v2, s5, v1                                   ; d6550004 04040b02
	v_add3_u32 v1, s8, 0x200, v1                                ; d6550001 0405fe08 00000200
	v_add_nc_u32_e32 v1, v1, v2                                 ; 4a020501
	ds_store_b32 v4, v9 offset:9856                             ; d8342680 00000904
	ds_store_2addr_stride64_b32 v3, v8, v10 offset1:1           ; d83c0100 000a0803
	ds_store_b32 v4, v11 offset:10112                           ; d8342780 00000b04
	ds_store_b32 v4, v13 offset:10368                           ; d8342880 00000d04
	ds_store_2addr_stride64_b32 v1, v12, v14 offset1:1          ; d83c0100 000e0c01
	ds_store_b32 v4, v15 offset:10624                           ; d8342980 00000f04
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_barrier                                                   ; bfbd0000
	s_mov_b32 s5, exec_lo                                       ; be85007e
	s_set_inst_prefetch_distance 0x1                            ; bf840001
BB40:
	v_cmpx_le_u32_e32 0x100, v0                                 ; 7d9600ff 00000100
BB41:
	s_and_not1_b32 s5, s5, exec_lo                              ; 91057e05
	s_cbranch_scc0 BB55                                         ; bfa10022
BB48:
	s_mov_b32 exec_lo, s5                                       ; befe0005
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_and_b32_e32 v2, 15, v0                                    ; 3604008f
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v1, s7, v1                                 ; 4a020207
	v_add_nc_u32_e32 v2, s6, v2                                 ; 4a040406
	v_cmp_gt_u32_e32 vcc_lo, s3, v1                             ; 7c980203
	v_cmp_gt_u32_e64 s8, s4, v2                                 ; d44c0008 00020404
	s_and_b32 s8, vcc_lo, s8                                    ; 8b08086a
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_and_b32 exec_lo, s8, exec_lo                              ; 8b7e7e08
	s_cbranch_execz BB54                                        ; bfa50012
BB49:
	v_lshl_add_u32 v3, s0, 8, v0                                ; d6460003 04011000
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	ds_load_b32 v3, v3 offset:9728                              ; d8d82600 03000003
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[8:11], s[8:9], 0x20                           ; f4080204 f8000020
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v1, v1, v2, 2                                ; d6470001 020a0501
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v1, s[8:11], 0 offen                   ; e0680000 80420301
BB54:
	s_mov_b32 exec_lo, s5                                       ; befe0005
	v_add_nc_u32_e32 v0, 32, v0                                 ; 4a0000a0
	s_branch BB40                                               ; bfa0ffda
BB55:
	s_set_inst_prefetch_distance 0x3                            ; bf840003
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_barrier                                                   ; bfbd0000
BB56:
	s_add_u32 s5, s6, 16                                        ; 80059006
	s_cmp_lg_i32 s1, 0                                          ; bf018001
	s_cbranch_scc1 BB58                                         ; bfa20053
BB57:
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[8:11], s[8:9], 0x20                           ; f4080204 f8000020
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mul_i32 s1, s7, s4                                        ; 96010407
	s_mov_b32 s12, src_scc                                      ; be8c00fd
	s_add_u32 s1, s1, s5                                        ; 80010501
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_and_b32_e32 v0, 15, v0                                    ; 3600008f
	v_add_nc_u32_e32 v4, 4, v1                                  ; 4a080284
	v_mul_lo_u32 v2, v1, s4                                     ; d72c0002 00000901
	v_add_nc_u32_e32 v3, 2, v1                                  ; 4a060282
	v_add_nc_u32_e32 v5, 6, v1                                  ; 4a0a0286
	v_mul_lo_u32 v4, v4, s4                                     ; d72c0004 00000904
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	v_mul_lo_u32 v5, v5, s4                                     ; d72c0005 00000905
	v_add3_u32 v2, v0, s1, v2                                   ; d6550002 04080300
	v_add_nc_u32_e32 v6, 8, v1                                  ; 4a0c0288
	v_add3_u32 v4, v0, s1, v4                                   ; d6550004 04100300
	v_add3_u32 v3, v0, s1, v3                                   ; d6550003 040c0300
	s_delay_alu instid0(VALU_DEP_4)                             ; bf870004
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_mul_lo_u32 v6, v6, s4                                     ; d72c0006 00000906
	v_add_nc_u32_e32 v7, 10, v1                                 ; 4a0e028a
	v_add3_u32 v5, v0, s1, v5                                   ; d6550005 04140300
	v_lshlrev_b32_e32 v4, 2, v4                                 ; 30080882
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_3) | instid1(VALU_DEP_3) ; bf8701c4
	v_mul_lo_u32 v7, v7, s4                                     ; d72c0007 00000907
	v_add_nc_u32_e32 v8, 12, v1                                 ; 4a10028c
	v_lshlrev_b32_e32 v5, 2, v5                                 ; 300a0a82
	v_add3_u32 v6, v0, s1, v6                                   ; d6550006 04180300
	v_mul_lo_u32 v8, v8, s4                                     ; d72c0008 00000908
	v_lshlrev_b32_e32 v6, 2, v6                                 ; 300c0c82
	v_add_nc_u32_e32 v1, 14, v1                                 ; 4a02028e
	v_add3_u32 v7, v0, s1, v7                                   ; d6550007 041c0300
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_2) | instid1(VALU_DEP_2) ; bf870132
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	v_add3_u32 v8, v0, s1, v8                                   ; d6550008 04200300
	v_lshlrev_b32_e32 v7, 2, v7                                 ; 300e0e82
	v_lshlrev_b32_e32 v8, 2, v8                                 ; 30101082
	v_add3_u32 v0, v0, s1, v1                                   ; d6550000 04040300
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v0, 2, v0                                 ; 30000082
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_clause 0x7                                                ; bf850007
	buffer_store_b32 v16, v2, s[8:11], 0 offen                  ; e0680000 80421002
	buffer_store_b32 v17, v3, s[8:11], 0 offen                  ; e0680000 80421103
	buffer_store_b32 v18, v4, s[8:11], 0 offen                  ; e0680000 80421204
	buffer_store_b32 v19, v5, s[8:11], 0 offen                  ; e0680000 80421305
	buffer_store_b32 v20, v6, s[8:11], 0 offen                  ; e0680000 80421406
	buffer_store_b32 v21, v7, s[8:11], 0 offen                  ; e0680000 80421507
	buffer_store_b32 v22, v8, s[8:11], 0 offen                  ; e0680000 80421608
	buffer_store_b32 v23, v0, s[8:11], 0 offen                  ; e0680000 80421700
	s_mov_b32 s1, s12                                           ; be81000c
	s_branch BB75                                               ; bfa0004d
BB58:
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mov_b32 s1, src_scc                                       ; be8100fd
	s_lshl_b32 s8, s0, 10                                       ; 84088a00
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(SKIP_2) | instid1(VALU_DEP_2) ; bf870139
	s_add_u32 s9, 0x2600, s8                                    ; 800908ff 00002600
	v_and_b32_e32 v1, -16, v0                                   ; 360200d0
	v_and_b32_e32 v2, 15, v0                                    ; 3604008f
	v_lshlrev_b32_e32 v1, 2, v1                                 ; 30020282
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_2) | instid1(VALU_DEP_1) ; bf8700b1
	v_add3_u32 v3, v2, s9, v1                                   ; d6550003 04041302
	v_add3_u32 v4, v2, s8, v1                                   ; d6550004 04041102
	v_add3_u32 v1, s9, 0x200, v1                                ; d6550001 0405fe09 00000200
	v_add_nc_u32_e32 v1, v1, v2                                 ; 4a020501
	ds_store_b32 v4, v17 offset:9856                            ; d8342680 00001104
	ds_store_2addr_stride64_b32 v3, v16, v18 offset1:1          ; d83c0100 00121003
	ds_store_b32 v4, v19 offset:10112                           ; d8342780 00001304
	ds_store_b32 v4, v21 offset:10368                           ; d8342880 00001504
	ds_store_2addr_stride64_b32 v1, v20, v22 offset1:1          ; d83c0100 00161401
	ds_store_b32 v4, v23 offset:10624                           ; d8342980 00001704
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_barrier                                                   ; bfbd0000
	s_mov_b32 s8, exec_lo                                       ; be88007e
	s_set_inst_prefetch_distance 0x1                            ; bf840001
BB59:
	v_cmpx_le_u32_e32 0x100, v0                                 ; 7d9600ff 00000100
BB60:
	s_and_not1_b32 s8, s8, exec_lo                              ; 91087e08
	s_cbranch_scc0 BB74                                         ; bfa10022
BB67:
	s_mov_b32 exec_lo, s8                                       ; befe0008
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_and_b32_e32 v2, 15, v0                                    ; 3604008f
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v1, s7, v1                                 ; 4a020207
	v_add_nc_u32_e32 v2, s5, v2                                 ; 4a040405
	v_cmp_gt_u32_e32 vcc_lo, s3, v1                             ; 7c980203
	v_cmp_gt_u32_e64 s9, s4, v2                                 ; d44c0009 00020404
	s_and_b32 s9, vcc_lo, s9                                    ; 8b09096a
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_and_b32 exec_lo, s9, exec_lo                              ; 8b7e7e09
	s_cbranch_execz BB73                                        ; bfa50012
BB68:
	v_lshl_add_u32 v3, s0, 8, v0                                ; d6460003 04011000
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	ds_load_b32 v3, v3 offset:9728                              ; d8d82600 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4080305 f8000020
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v1, v1, v2, 2                                ; d6470001 020a0501
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v1, s[12:15], 0 offen                  ; e0680000 80430301
BB73:
	s_mov_b32 exec_lo, s8                                       ; befe0008
	v_add_nc_u32_e32 v0, 32, v0                                 ; 4a0000a0
	s_branch BB59                                               ; bfa0ffda
BB74:
	s_set_inst_prefetch_distance 0x3                            ; bf840003
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_barrier                                                   ; bfbd0000
BB75:
	s_add_u32 s7, s7, 16                                        ; 80079007
	s_cmp_lg_i32 s1, 0                                          ; bf018001
	s_cbranch_scc1 BB77                                         ; bfa2007c
BB76:
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_load_b128 s[0:3], s[2:3], 0x20                            ; f4080001 f8000020
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mul_i32 s7, s7, s4                                        ; 96070407
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870099
	s_add_u32 s6, s7, s6                                        ; 80060607
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_and_b32_e32 v0, 15, v0                                    ; 3600008f
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_add_nc_u32_e32 v6, 4, v1                                  ; 4a0c0284
	v_mul_lo_u32 v2, v1, s4                                     ; d72c0002 00000901
	v_add_nc_u32_e32 v4, 2, v1                                  ; 4a080282
	v_add_nc_u32_e32 v8, 6, v1                                  ; 4a100286
	v_mul_lo_u32 v6, v6, s4                                     ; d72c0006 00000906
	v_mul_lo_u32 v4, v4, s4                                     ; d72c0004 00000904
	v_mul_lo_u32 v8, v8, s4                                     ; d72c0008 00000908
	v_add3_u32 v3, v0, s6, v2                                   ; d6550003 04080d00
	v_add_nc_u32_e32 v10, 8, v1                                 ; 4a140288
	v_add3_u32 v7, v0, s6, v6                                   ; d6550007 04180d00
	v_add3_u32 v5, v0, s6, v4                                   ; d6550005 04100d00
	s_delay_alu instid0(VALU_DEP_4)                             ; bf870004
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	v_mul_lo_u32 v10, v10, s4                                   ; d72c000a 0000090a
	v_add_nc_u32_e32 v12, 10, v1                                ; 4a18028a
	v_add3_u32 v9, v0, s6, v8                                   ; d6550009 04200d00
	v_lshlrev_b32_e32 v7, 2, v7                                 ; 300e0e82
	v_lshlrev_b32_e32 v5, 2, v5                                 ; 300a0a82
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_3) | instid1(VALU_DEP_3) ; bf8701c4
	v_mul_lo_u32 v12, v12, s4                                   ; d72c000c 0000090c
	v_add_nc_u32_e32 v14, 12, v1                                ; 4a1c028c
	v_lshlrev_b32_e32 v9, 2, v9                                 ; 30121282
	v_add3_u32 v11, v0, s6, v10                                 ; d655000b 04280d00
	v_mul_lo_u32 v14, v14, s4                                   ; d72c000e 0000090e
	v_lshlrev_b32_e32 v11, 2, v11                               ; 30161682
	v_add_nc_u32_e32 v1, 14, v1                                 ; 4a02028e
	v_add3_u32 v13, v0, s6, v12                                 ; d655000d 04300d00
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_2) | instid1(VALU_DEP_2) ; bf870132
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	v_add3_u32 v15, v0, s6, v14                                 ; d655000f 04380d00
	v_lshlrev_b32_e32 v13, 2, v13                               ; 301a1a82
	v_lshlrev_b32_e32 v15, 2, v15                               ; 301e1e82
	s_add_u32 s7, s7, s5                                        ; 80070507
	v_add3_u32 v16, v0, s6, v1                                  ; d6550010 04040d00
	v_add3_u32 v4, v0, s7, v4                                   ; d6550004 04100f00
	v_add3_u32 v2, v0, s7, v2                                   ; d6550002 04080f00
	s_delay_alu instid0(VALU_DEP_3) | instskip(SKIP_4) | instid1(VALU_DEP_3) ; bf8701d3
	v_lshlrev_b32_e32 v16, 2, v16                               ; 30202082
	v_lshlrev_b32_e32 v4, 2, v4                                 ; 30080882
	v_add3_u32 v6, v0, s7, v6                                   ; d6550006 04180f00
	v_add3_u32 v8, v0, s7, v8                                   ; d6550008 04200f00
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_lshlrev_b32_e32 v6, 2, v6                                 ; 300c0c82
	v_lshlrev_b32_e32 v8, 2, v8                                 ; 30101082
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_clause 0xb                                                ; bf85000b
	buffer_store_b32 v24, v3, s[0:3], 0 offen                   ; e0680000 80401803
	buffer_store_b32 v25, v5, s[0:3], 0 offen                   ; e0680000 80401905
	buffer_store_b32 v26, v7, s[0:3], 0 offen                   ; e0680000 80401a07
	buffer_store_b32 v27, v9, s[0:3], 0 offen                   ; e0680000 80401b09
	buffer_store_b32 v28, v11, s[0:3], 0 offen                  ; e0680000 80401c0b
	buffer_store_b32 v29, v13, s[0:3], 0 offen                  ; e0680000 80401d0d
	buffer_store_b32 v30, v15, s[0:3], 0 offen                  ; e0680000 80401e0f
	buffer_store_b32 v31, v16, s[0:3], 0 offen                  ; e0680000 80401f10
	buffer_store_b32 v32, v2, s[0:3], 0 offen                   ; e0680000 80402002
	buffer_store_b32 v33, v4, s[0:3], 0 offen                   ; e0680000 80402104
	buffer_store_b32 v34, v6, s[0:3], 0 offen                   ; e0680000 80402206
	buffer_store_b32 v35, v8, s[0:3], 0 offen                   ; e0680000 80402308
	v_add3_u32 v10, v0, s7, v10                                 ; d655000a 04280f00
	v_add3_u32 v12, v0, s7, v12                                 ; d655000c 04300f00
	v_add3_u32 v14, v0, s7, v14                                 ; d655000e 04380f00
	v_add3_u32 v0, v0, s7, v1                                   ; d6550000 04040f00
	s_delay_alu instid0(VALU_DEP_4)                             ; bf870004
	v_lshlrev_b32_e32 v10, 2, v10                               ; 30141482
	v_lshlrev_b32_e32 v12, 2, v12                               ; 30181882
	v_lshlrev_b32_e32 v14, 2, v14                               ; 301c1c82
	v_lshlrev_b32_e32 v0, 2, v0                                 ; 30000082
	s_clause 0x3                                                ; bf850003
	buffer_store_b32 v36, v10, s[0:3], 0 offen                  ; e0680000 8040240a
	buffer_store_b32 v37, v12, s[0:3], 0 offen                  ; e0680000 8040250c
	buffer_store_b32 v38, v14, s[0:3], 0 offen                  ; e0680000 8040260e
	buffer_store_b32 v39, v0, s[0:3], 0 offen                   ; e0680000 80402700
	s_branch BB110                                              ; bfa00084
BB77:
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_lshl_b32 s1, s0, 10                                       ; 84018a00
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870099
	s_add_u32 s8, 0x2600, s1                                    ; 800801ff 00002600
	v_and_b32_e32 v1, -16, v0                                   ; 360200d0
	v_and_b32_e32 v2, 15, v0                                    ; 3604008f
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_1) ; bf8700a2
	v_lshlrev_b32_e32 v1, 2, v1                                 ; 30020282
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_add3_u32 v3, v2, s8, v1                                   ; d6550003 04041102
	v_add3_u32 v4, v2, s1, v1                                   ; d6550004 04040302
	v_add3_u32 v1, s8, 0x200, v1                                ; d6550001 0405fe08 00000200
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_nc_u32_e32 v1, v1, v2                                 ; 4a020501
	ds_store_b32 v4, v25 offset:9856                            ; d8342680 00001904
	ds_store_2addr_stride64_b32 v3, v24, v26 offset1:1          ; d83c0100 001a1803
	ds_store_b32 v4, v27 offset:10112                           ; d8342780 00001b04
	ds_store_b32 v4, v29 offset:10368                           ; d8342880 00001d04
	ds_store_2addr_stride64_b32 v1, v28, v30 offset1:1          ; d83c0100 001e1c01
	ds_store_b32 v4, v31 offset:10624                           ; d8342980 00001f04
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_barrier                                                   ; bfbd0000
	v_mov_b32_e32 v2, v0                                        ; 7e040300
	s_lshl_b32 s0, s0, 8                                        ; 84008800
	s_mov_b32 s1, exec_lo                                       ; be81007e
	s_set_inst_prefetch_distance 0x1                            ; bf840001
BB78:
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmpx_le_u32_e32 0x100, v2                                 ; 7d9604ff 00000100
BB79:
	s_and_not1_b32 s1, s1, exec_lo                              ; 91017e01
	s_cbranch_scc0 BB93                                         ; bfa10020
BB86:
	s_mov_b32 exec_lo, s1                                       ; befe0001
	v_lshrrev_b32_e32 v5, 4, v2                                 ; 320a0484
	v_and_b32_e32 v6, 15, v2                                    ; 360c048f
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v5, s7, v5                                 ; 4a0a0a07
	v_add_nc_u32_e32 v6, s6, v6                                 ; 4a0c0c06
	v_cmp_gt_u32_e32 vcc_lo, s3, v5                             ; 7c980a03
	v_cmp_gt_u32_e64 s8, s4, v6                                 ; d44c0008 00020c04
	s_and_b32 s8, vcc_lo, s8                                    ; 8b08086a
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_and_b32 exec_lo, s8, exec_lo                              ; 8b7e7e08
	s_cbranch_execz BB92                                        ; bfa50010
BB87:
	v_add_lshl_u32 v7, s0, v2, 2                                ; d6470007 020a0400
	ds_load_b32 v7, v7 offset:9728                              ; d8d82600 07000007
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[8:11], s[8:9], 0x20                           ; f4080204 f8000020
	v_mul_lo_u32 v5, v5, s4                                     ; d72c0005 00000905
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v5, v5, v6, 2                                ; d6470005 020a0d05
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v7, v5, s[8:11], 0 offen                   ; e0680000 80420705
BB92:
	s_mov_b32 exec_lo, s1                                       ; befe0001
	v_add_nc_u32_e32 v2, 32, v2                                 ; 4a0404a0
	s_branch BB78                                               ; bfa0ffdb
BB93:
	s_set_inst_prefetch_distance 0x3                            ; bf840003
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_barrier                                                   ; bfbd0000
	ds_store_b32 v4, v33 offset:9856                            ; d8342680 00002104
	ds_store_2addr_stride64_b32 v3, v32, v34 offset1:1          ; d83c0100 00222003
	ds_store_b32 v4, v35 offset:10112                           ; d8342780 00002304
	ds_store_b32 v4, v37 offset:10368                           ; d8342880 00002504
	ds_store_2addr_stride64_b32 v1, v36, v38 offset1:1          ; d83c0100 00262401
	ds_store_b32 v4, v39 offset:10624                           ; d8342980 00002704
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_barrier                                                   ; bfbd0000
	s_mov_b32 s1, exec_lo                                       ; be81007e
	s_set_inst_prefetch_distance 0x1                            ; bf840001
BB94:
	v_cmpx_le_u32_e32 0x100, v0                                 ; 7d9600ff 00000100
BB95:
	s_and_not1_b32 s1, s1, exec_lo                              ; 91017e01
	s_cbranch_scc0 BB109                                        ; bfa10020
BB102:
	s_mov_b32 exec_lo, s1                                       ; befe0001
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_and_b32_e32 v2, 15, v0                                    ; 3604008f
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v1, s7, v1                                 ; 4a020207
	v_add_nc_u32_e32 v2, s5, v2                                 ; 4a040405
	v_cmp_gt_u32_e32 vcc_lo, s3, v1                             ; 7c980203
	v_cmp_gt_u32_e64 s6, s4, v2                                 ; d44c0006 00020404
	s_and_b32 s6, vcc_lo, s6                                    ; 8b06066a
	s_delay_alu instid0(SALU_CYCLE_1)                           ; bf870009
	s_and_b32 exec_lo, s6, exec_lo                              ; 8b7e7e06
	s_cbranch_execz BB108                                       ; bfa50010
BB103:
	v_add_lshl_u32 v3, s0, v0, 2                                ; d6470003 020a0000
	ds_load_b32 v3, v3 offset:9728                              ; d8d82600 03000003
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[8:11], s[8:9], 0x20                           ; f4080204 f8000020
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v1, v1, v2, 2                                ; d6470001 020a0501
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v1, s[8:11], 0 offen                   ; e0680000 80420301
BB108:
	s_mov_b32 exec_lo, s1                                       ; befe0001
	v_add_nc_u32_e32 v0, 32, v0                                 ; 4a0000a0
	s_branch BB94                                               ; bfa0ffdc
BB109:
	s_set_inst_prefetch_distance 0x3                            ; bf840003
	s_barrier                                                   ; bfbd0000
BB110:
	s_nop 0                                                     ; bf800000
	s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)                        ; bfb60003
	s_endpgm                                                    ; bfb00000
