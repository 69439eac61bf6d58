BB0:
	v_dual_mov_b32 v9, 0 :: v_dual_mov_b32 v8, 0                ; ca100080 09080080
	v_dual_mov_b32 v11, 0 :: v_dual_mov_b32 v10, 0              ; ca100080 0b0a0080
	v_dual_mov_b32 v13, 0 :: v_dual_mov_b32 v12, 0              ; ca100080 0d0c0080
	v_dual_mov_b32 v15, 0 :: v_dual_mov_b32 v14, 0              ; ca100080 0f0e0080
	v_dual_mov_b32 v17, 0 :: v_dual_mov_b32 v16, 0              ; ca100080 11100080
	v_dual_mov_b32 v19, 0 :: v_dual_mov_b32 v18, 0              ; ca100080 13120080
	v_dual_mov_b32 v21, 0 :: v_dual_mov_b32 v20, 0              ; ca100080 15140080
	s_bfe_u32 s0, s8, 0x50014                                   ; 9300ff08 00050014
	s_mov_b32 s10, 0                                            ; be8a0080
	v_dual_mov_b32 v23, 0 :: v_dual_mov_b32 v22, 0              ; ca100080 17160080
	v_dual_mov_b32 v25, 0 :: v_dual_mov_b32 v24, 0              ; ca100080 19180080
	v_dual_mov_b32 v27, 0 :: v_dual_mov_b32 v26, 0              ; ca100080 1b1a0080
	v_dual_mov_b32 v29, 0 :: v_dual_mov_b32 v28, 0              ; ca100080 1d1c0080
	v_dual_mov_b32 v31, 0 :: v_dual_mov_b32 v30, 0              ; ca100080 1f1e0080
	v_dual_mov_b32 v33, 0 :: v_dual_mov_b32 v32, 0              ; ca100080 21200080
	v_dual_mov_b32 v35, 0 :: v_dual_mov_b32 v34, 0              ; ca100080 23220080
	v_dual_mov_b32 v37, 0 :: v_dual_mov_b32 v36, 0              ; ca100080 25240080
	v_dual_mov_b32 v39, 0 :: v_dual_mov_b32 v38, 0              ; ca100080 27260080
	s_and_b32 s1, s0, -2                                        ; 8b01c200
	s_and_b32 s9, s0, 1                                         ; 8b098100
	s_lshl_b32 s7, s7, 6                                        ; 84078607
	s_lshl_b32 s6, s6, 6                                        ; 84068606
BB1:
	s_cmp_ge_u32 s10, s5                                        ; bf09050a
	s_cbranch_scc1 BB70                                         ; bfa201d3
BB3:
	v_cmpx_gt_u32_e32 0x100, v0                                 ; 7d9800ff 00000100
	s_cbranch_execz BB69                                        ; bfa50109
BB4:
	v_lshrrev_b32_e32 v1, 2, v0                                 ; 32020082
	v_and_b32_e32 v3, 3, v0                                     ; 36060083
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v2, s7, v1                                 ; 4a040207
	v_lshlrev_b32_e32 v3, 3, v3                                 ; 30060683
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_add_nc_u32_e32 v4, s10, v3                                ; 4a08060a
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_cmp_gt_u32_e64 s11, s5, v4                                ; d44c000b 00020805
	s_nand_b32 s11, vcc_lo, s11                                 ; 8e0b0b6a
	s_and_saveexec_b32 s11, s11                                 ; be8b200b
BB5:
	v_dual_mov_b32 v5, 0 :: v_dual_mov_b32 v4, 0                ; ca100080 05040080
	v_dual_mov_b32 v7, 0 :: v_dual_mov_b32 v6, 0                ; ca100080 07060080
	s_and_not1_b32 exec_lo, s11, exec_lo                        ; 917e7e0b
	s_cbranch_execz BB10                                        ; bfa5000e
BB8:
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], null                        ; f4080306 f8000000
	v_mul_lo_u32 v2, v2, s5                                     ; d72c0002 00000b02
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v2, v2, v4                                 ; 4a040902
	v_lshrrev_b32_e32 v2, 3, v2                                 ; 32040483
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v2, 4, v2                                 ; 30040484
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_load_b128 v[4:7], v2, s[12:15], 0 offen              ; e05c0000 80430402
BB10:
	s_mov_b32 exec_lo, s11                                      ; befe000b
	v_mad_u32_u24 v1, 40, v1, v3                                ; d60b0001 040e02a8
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_1) ; bf8700c1
	v_lshlrev_b32_e32 v1, 1, v1                                 ; 30020281
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	ds_store_b128 v1, v[4:7]                                    ; db7c0000 00000401
	v_add_nc_u32_e32 v1, 0x80, v0                               ; 4a0200ff 00000080
	v_cmpx_gt_u32_e32 0x100, v1                                 ; 7d9802ff 00000100
	s_mov_b32 vcc_lo, exec_lo                                   ; beea007e
	s_cbranch_execz BB34                                        ; bfa50057
BB11:
	v_lshrrev_b32_e32 v2, 2, v1                                 ; 32040282
	v_and_b32_e32 v4, 3, v1                                     ; 36080283
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s7, v2                                 ; 4a060407
	v_lshlrev_b32_e32 v4, 3, v4                                 ; 30080883
	v_cmp_gt_u32_e64 s12, s3, v3                                ; d44c000c 00020603
	v_add_nc_u32_e32 v5, s10, v4                                ; 4a0a080a
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_cmp_gt_u32_e64 s13, s5, v5                                ; d44c000d 00020a05
	s_nand_b32 s12, s12, s13                                    ; 8e0c0d0c
	s_and_saveexec_b32 s12, s12                                 ; be8c200c
BB12:
	v_dual_mov_b32 v41, 0 :: v_dual_mov_b32 v40, 0              ; ca100080 29280080
	v_dual_mov_b32 v43, 0 :: v_dual_mov_b32 v42, 0              ; ca100080 2b2a0080
	s_and_not1_b32 exec_lo, s12, exec_lo                        ; 917e7e0c
	s_cbranch_execz BB17                                        ; bfa5000e
BB15:
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], null                        ; f4080407 f8000000
	v_mul_lo_u32 v3, v3, s5                                     ; d72c0003 00000b03
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v3, v3, v5                                 ; 4a060b03
	v_lshrrev_b32_e32 v3, 3, v3                                 ; 32060683
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 4, v3                                 ; 30060684
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_load_b128 v[40:43], v3, s[16:19], 0 offen            ; e05c0000 80442803
BB17:
	s_mov_b32 exec_lo, s12                                      ; befe000c
	v_mad_u32_u24 v2, 40, v2, v4                                ; d60b0002 041204a8
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_1) ; bf8700c1
	v_lshlrev_b32_e32 v2, 1, v2                                 ; 30040481
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	ds_store_b128 v2, v[40:43]                                  ; db7c0000 00002802
	v_add_nc_u32_e32 v2, 0x100, v0                              ; 4a0400ff 00000100
	v_cmpx_gt_u32_e32 0x100, v2                                 ; 7d9804ff 00000100
	s_cbranch_execz BB34                                        ; bfa50029
BB18:
	v_lshrrev_b32_e32 v3, 2, v2                                 ; 32060482
	v_and_b32_e32 v2, 3, v2                                     ; 36040483
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v4, s7, v3                                 ; 4a080607
	v_lshlrev_b32_e32 v2, 3, v2                                 ; 30040483
	v_cmp_gt_u32_e64 s13, s3, v4                                ; d44c000d 00020803
	v_add_nc_u32_e32 v5, s10, v2                                ; 4a0a040a
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_cmp_gt_u32_e64 s14, s5, v5                                ; d44c000e 00020a05
	s_nand_b32 s13, s13, s14                                    ; 8e0d0e0d
	s_and_saveexec_b32 s13, s13                                 ; be8d200d
BB19:
	v_dual_mov_b32 v5, 0 :: v_dual_mov_b32 v4, 0                ; ca100080 05040080
	v_dual_mov_b32 v7, 0 :: v_dual_mov_b32 v6, 0                ; ca100080 07060080
	s_and_not1_b32 exec_lo, s13, exec_lo                        ; 917e7e0d
	s_cbranch_execz BB24                                        ; bfa5000e
BB22:
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], null                        ; f4080407 f8000000
	v_mul_lo_u32 v4, v4, s5                                     ; d72c0004 00000b04
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v4, v4, v5                                 ; 4a080b04
	v_lshrrev_b32_e32 v4, 3, v4                                 ; 32080883
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v4, 4, v4                                 ; 30080884
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_load_b128 v[4:7], v4, s[16:19], 0 offen              ; e05c0000 80440404
BB24:
	s_mov_b32 exec_lo, s13                                      ; befe000d
	v_mad_u32_u24 v3, 40, v3, v2                                ; d60b0003 040a06a8
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 1, v3                                 ; 30060681
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	ds_store_b128 v3, v[4:7]                                    ; db7c0000 00000403
BB34:
	s_mov_b32 exec_lo, s11                                      ; befe000b
	v_lshrrev_b32_e32 v2, 3, v0                                 ; 32040083
	v_and_b32_e32 v4, 7, v0                                     ; 36080087
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s10, v2                                ; 4a06040a
	v_lshlrev_b32_e32 v4, 3, v4                                 ; 30080883
	v_cmp_gt_u32_e64 s12, s5, v3                                ; d44c000c 00020605
	v_add_nc_u32_e32 v5, s6, v4                                 ; 4a0a0806
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_cmp_gt_u32_e64 s13, s4, v5                                ; d44c000d 00020a04
	s_nand_b32 s12, s12, s13                                    ; 8e0c0d0c
	s_and_b32 exec_lo, s12, exec_lo                             ; 8b7e7e0c
BB35:
	v_dual_mov_b32 v41, 0 :: v_dual_mov_b32 v40, 0              ; ca100080 29280080
	v_dual_mov_b32 v43, 0 :: v_dual_mov_b32 v42, 0              ; ca100080 2b2a0080
	s_and_not1_b32 exec_lo, s11, exec_lo                        ; 917e7e0b
	s_cbranch_execz BB40                                        ; bfa5000e
BB38:
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
BB40:
	s_mov_b32 exec_lo, s11                                      ; befe000b
	v_mad_u32_u24 v2, 0x48, v2, v4                              ; d60b0002 041204ff 00000048
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v2, 1, v2                                 ; 30040481
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	ds_store_b128 v2, v[40:43] offset:5120                      ; db7c1400 00002802
	s_and_b32 exec_lo, vcc_lo, exec_lo                          ; 8b7e7e6a
	s_cbranch_execz BB69                                        ; bfa50057
BB41:
	v_lshrrev_b32_e32 v2, 3, v1                                 ; 32040283
	v_and_b32_e32 v1, 7, v1                                     ; 36020287
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s10, v2                                ; 4a06040a
	v_lshlrev_b32_e32 v1, 3, v1                                 ; 30020283
	v_cmp_gt_u32_e32 vcc_lo, s5, v3                             ; 7c980605
	v_add_nc_u32_e32 v4, s6, v1                                 ; 4a080206
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_cmp_gt_u32_e64 s12, s4, v4                                ; d44c000c 00020804
	s_nand_b32 s12, vcc_lo, s12                                 ; 8e0c0c6a
	s_and_saveexec_b32 s12, s12                                 ; be8c200c
BB42:
	v_dual_mov_b32 v5, 0 :: v_dual_mov_b32 v4, 0                ; ca100080 05040080
	v_dual_mov_b32 v7, 0 :: v_dual_mov_b32 v6, 0                ; ca100080 07060080
	s_and_not1_b32 exec_lo, s12, exec_lo                        ; 917e7e0c
	s_cbranch_execz BB47                                        ; bfa5000e
BB45:
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], 0x10                        ; f4080407 f8000010
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v3, v3, v4                                 ; 4a060903
	v_lshrrev_b32_e32 v3, 3, v3                                 ; 32060683
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 4, v3                                 ; 30060684
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_load_b128 v[4:7], v3, s[16:19], 0 offen              ; e05c0000 80440403
BB47:
	s_mov_b32 exec_lo, s12                                      ; befe000c
	v_mad_u32_u24 v2, 0x48, v2, v1                              ; d60b0002 040604ff 00000048
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_1) ; bf8700c1
	v_lshlrev_b32_e32 v2, 1, v2                                 ; 30040481
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	ds_store_b128 v2, v[4:7] offset:5120                        ; db7c1400 00000402
	v_add_nc_u32_e32 v1, 0x100, v0                              ; 4a0200ff 00000100
	v_cmpx_gt_u32_e32 0x100, v1                                 ; 7d9802ff 00000100
	s_cbranch_execz BB69                                        ; bfa50029
BB48:
	v_lshrrev_b32_e32 v2, 3, v1                                 ; 32040283
	v_and_b32_e32 v1, 7, v1                                     ; 36020287
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s10, v2                                ; 4a06040a
	v_lshlrev_b32_e32 v1, 3, v1                                 ; 30020283
	v_cmp_gt_u32_e32 vcc_lo, s5, v3                             ; 7c980605
	v_add_nc_u32_e32 v4, s6, v1                                 ; 4a080206
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_cmp_gt_u32_e64 s13, s4, v4                                ; d44c000d 00020804
	s_nand_b32 s13, vcc_lo, s13                                 ; 8e0d0d6a
	s_and_saveexec_b32 s13, s13                                 ; be8d200d
BB49:
	v_dual_mov_b32 v5, 0 :: v_dual_mov_b32 v4, 0                ; ca100080 05040080
	v_dual_mov_b32 v7, 0 :: v_dual_mov_b32 v6, 0                ; ca100080 07060080
	s_and_not1_b32 exec_lo, s13, exec_lo                        ; 917e7e0d
	s_cbranch_execz BB54                                        ; bfa5000e
BB52:
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], 0x10                        ; f4080407 f8000010
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v3, v3, v4                                 ; 4a060903
	v_lshrrev_b32_e32 v3, 3, v3                                 ; 32060683
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 4, v3                                 ; 30060684
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_load_b128 v[4:7], v3, s[16:19], 0 offen              ; e05c0000 80440403
BB54:
	s_mov_b32 exec_lo, s13                                      ; befe000d
	v_mad_u32_u24 v2, 0x48, v2, v1                              ; d60b0002 040604ff 00000048
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v2, 1, v2                                 ; 30040481
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	ds_store_b128 v2, v[4:7] offset:5120                        ; db7c1400 00000402
BB69:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_waitcnt_depctr 0xffe3                                     ; bf88ffe3
	s_barrier                                                   ; bfbd0000
	s_mul_i32 s11, s1, 0x500                                    ; 960bff01 00000500
	s_lshl_b32 s12, s9, 6                                       ; 840c8609
	v_mbcnt_lo_u32_b32 v1, -1, 0                                ; d71f0001 000100c1
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_mad_u32_u24 v2, 0x50, v1, s11                             ; d60b0002 002e02ff 00000050
	v_lshl_add_u32 v1, v1, 1, s12                               ; d6460001 00310301
	ds_load_b64 v[40:41], v2                                    ; d9d80000 28000002
	ds_load_b64 v[42:43], v2 offset:8                           ; d9d80008 2a000002
	ds_load_b64 v[44:45], v2 offset:16                          ; d9d80010 2c000002
	ds_load_b64 v[46:47], v2 offset:24                          ; d9d80018 2e000002
	ds_load_b64 v[48:49], v2 offset:1280                        ; d9d80500 30000002
	ds_load_b64 v[50:51], v2 offset:1288                        ; d9d80508 32000002
	ds_load_b64 v[52:53], v2 offset:1296                        ; d9d80510 34000002
	ds_load_b64 v[54:55], v2 offset:1304                        ; d9d80518 36000002
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
	ds_load_b64 v[72:73], v2 offset:32                          ; d9d80020 48000002
	ds_load_b64 v[74:75], v2 offset:40                          ; d9d80028 4a000002
	ds_load_b64 v[76:77], v2 offset:48                          ; d9d80030 4c000002
	ds_load_b64 v[78:79], v2 offset:56                          ; d9d80038 4e000002
	ds_load_b64 v[80:81], v2 offset:1312                        ; d9d80520 50000002
	ds_load_b64 v[82:83], v2 offset:1320                        ; d9d80528 52000002
	ds_load_b64 v[84:85], v2 offset:1328                        ; d9d80530 54000002
	ds_load_b64 v[86:87], v2 offset:1336                        ; d9d80538 56000002
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
	s_waitcnt lgkmcnt(56)                                       ; bf89ff87
	v_wmma_f32_16x16x16_f16 v[8:15], v[40:47], v[56:63], v[8:15] ; cc404008 1c227128
	v_wmma_f32_16x16x16_f16 v[24:31], v[48:55], v[56:63], v[24:31] ; cc404018 1c627130
	s_waitcnt_depctr 0xffe3                                     ; bf88ffe3
	s_barrier                                                   ; bfbd0000
	s_add_u32 s10, s10, 32                                      ; 800aa00a
	s_waitcnt lgkmcnt(40)                                       ; bf89fe87
	v_wmma_f32_16x16x16_f16 v[16:23], v[40:47], v[64:71], v[16:23] ; cc404010 1c428128
	v_wmma_f32_16x16x16_f16 v[32:39], v[48:55], v[64:71], v[32:39] ; cc404020 1c828130
	s_waitcnt lgkmcnt(16)                                       ; bf89fd07
	v_wmma_f32_16x16x16_f16 v[8:15], v[72:79], v[88:95], v[8:15] ; cc404008 1c22b148
	v_wmma_f32_16x16x16_f16 v[24:31], v[80:87], v[88:95], v[24:31] ; cc404018 1c62b150
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	v_wmma_f32_16x16x16_f16 v[16:23], v[72:79], v[96:103], v[16:23] ; cc404010 1c42c148
	v_wmma_f32_16x16x16_f16 v[32:39], v[80:87], v[96:103], v[32:39] ; cc404020 1c82c150
	s_branch BB1                                                ; bfa0fe2b
BB70:
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
	s_cbranch_scc1 BB72                                         ; bfa20051
BB71:
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
	v_add_nc_u32_e32 v5, 6, v1                                  ; 4a0a0286
	v_add_nc_u32_e32 v6, 8, v1                                  ; 4a0c0288
	v_add_nc_u32_e32 v3, 2, v1                                  ; 4a060282
	v_mul_lo_u32 v2, v1, s4                                     ; d72c0002 00000901
	v_add_nc_u32_e32 v7, 10, v1                                 ; 4a0e028a
	v_mul_lo_u32 v4, v4, s4                                     ; d72c0004 00000904
	v_mul_lo_u32 v5, v5, s4                                     ; d72c0005 00000905
	v_mul_lo_u32 v6, v6, s4                                     ; d72c0006 00000906
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	v_mul_lo_u32 v7, v7, s4                                     ; d72c0007 00000907
	v_add3_u32 v2, v0, s1, v2                                   ; d6550002 04080300
	v_add_nc_u32_e32 v40, 12, v1                                ; 4a50028c
	v_add3_u32 v4, v0, s1, v4                                   ; d6550004 04100300
	v_add3_u32 v5, v0, s1, v5                                   ; d6550005 04140300
	v_add3_u32 v6, v0, s1, v6                                   ; d6550006 04180300
	v_add_nc_u32_e32 v1, 14, v1                                 ; 4a02028e
	v_add3_u32 v3, v0, s1, v3                                   ; d6550003 040c0300
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_mul_lo_u32 v40, v40, s4                                   ; d72c0028 00000928
	v_add3_u32 v7, v0, s1, v7                                   ; d6550007 041c0300
	v_lshlrev_b32_e32 v4, 2, v4                                 ; 30080882
	v_lshlrev_b32_e32 v5, 2, v5                                 ; 300a0a82
	v_lshlrev_b32_e32 v6, 2, v6                                 ; 300c0c82
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	v_lshlrev_b32_e32 v7, 2, v7                                 ; 300e0e82
	v_add3_u32 v40, v0, s1, v40                                 ; d6550028 04a00300
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_2) ; bf870114
	v_add3_u32 v0, v0, s1, v1                                   ; d6550000 04040300
	v_lshlrev_b32_e32 v40, 2, v40                               ; 30505082
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_lshlrev_b32_e32 v0, 2, v0                                 ; 30000082
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_clause 0x7                                                ; bf850007
	buffer_store_b32 v8, v2, s[8:11], 0 offen                   ; e0680000 80420802
	buffer_store_b32 v9, v3, s[8:11], 0 offen                   ; e0680000 80420903
	buffer_store_b32 v10, v4, s[8:11], 0 offen                  ; e0680000 80420a04
	buffer_store_b32 v11, v5, s[8:11], 0 offen                  ; e0680000 80420b05
	buffer_store_b32 v12, v6, s[8:11], 0 offen                  ; e0680000 80420c06
	buffer_store_b32 v13, v7, s[8:11], 0 offen                  ; e0680000 80420d07
	buffer_store_b32 v14, v40, s[8:11], 0 offen                 ; e0680000 80420e28
	buffer_store_b32 v15, v0, s[8:11], 0 offen                  ; e0680000 80420f00
	s_mov_b32 s1, s5                                            ; be810005
	s_branch BB121                                              ; bfa00104
BB72:
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mov_b32 s1, src_scc                                       ; be8100fd
	s_lshl_b32 s5, s0, 10                                       ; 84058a00
	s_delay_alu instid0(VALU_DEP_1) | instid1(SALU_CYCLE_1)     ; bf870481
	v_lshl_add_u32 v1, v0, 2, s5                                ; d6460001 00150500
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_nc_u32_e32 v2, 0x2400, v1                             ; 4a0402ff 00002400
	v_add_nc_u32_e32 v1, 0x2800, v1                             ; 4a0202ff 00002800
	ds_store_2addr_b32 v2, v8, v9 offset0:128 offset1:160       ; d838a080 00090802
	ds_store_2addr_b32 v2, v10, v11 offset0:192 offset1:224     ; d838e0c0 000b0a02
	ds_store_2addr_b32 v1, v12, v13 offset1:32                  ; d8382000 000d0c01
	ds_store_2addr_b32 v1, v14, v15 offset0:64 offset1:96       ; d8386040 000f0e01
	s_waitcnt_depctr 0xffe3                                     ; bf88ffe3
	s_barrier                                                   ; bfbd0000
	v_lshrrev_b32_e32 v3, 4, v0                                 ; 32060084
	v_and_b32_e32 v4, 15, v0                                    ; 3608008f
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s7, v3                                 ; 4a060607
	v_add_nc_u32_e32 v4, s6, v4                                 ; 4a080806
	v_cmp_gt_u32_e32 vcc_lo, s3, v3                             ; 7c980603
	v_cmp_gt_u32_e64 s8, s4, v4                                 ; d44c0008 00020804
	s_and_b32 exec_lo, vcc_lo, s8                               ; 8b7e086a
	s_lshl_b32 s9, s0, 8                                        ; 84098800
	s_cbranch_execz BB78                                        ; bfa50010
BB73:
	v_add_lshl_u32 v1, s9, v0, 2                                ; d6470001 020a0009
	ds_load_b32 v1, v1 offset:9728                              ; d8d82600 01000001
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4080305 f8000020
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v3, v3, v4, 2                                ; d6470003 020a0903
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v1, v3, s[12:15], 0 offen                  ; e0680000 80430103
BB78:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 32, v0                                 ; 4a0200a0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s6, v1                                 ; 4a020206
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB84                                        ; bfa50010
BB79:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:9856                              ; d8d82680 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4080305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB84:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 64, v0                                 ; 4a0200c0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s6, v1                                 ; 4a020206
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB90                                        ; bfa50010
BB85:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:9984                              ; d8d82700 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4080305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB90:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0x60, v0                               ; 4a0200ff 00000060
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s6, v1                                 ; 4a020206
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB96                                        ; bfa50010
BB91:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:10112                             ; d8d82780 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4080305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB96:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0x80, v0                               ; 4a0200ff 00000080
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s6, v1                                 ; 4a020206
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB102                                       ; bfa50010
BB97:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:10240                             ; d8d82800 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4080305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB102:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0xa0, v0                               ; 4a0200ff 000000a0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s6, v1                                 ; 4a020206
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB108                                       ; bfa50010
BB103:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:10368                             ; d8d82880 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4080305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB108:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0xc0, v0                               ; 4a0200ff 000000c0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s6, v1                                 ; 4a020206
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB114                                       ; bfa50010
BB109:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:10496                             ; d8d82900 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4080305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB114:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0xe0, v0                               ; 4a0200ff 000000e0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s6, v1                                 ; 4a020206
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB120                                       ; bfa50010
BB115:
	v_add_lshl_u32 v0, s9, v0, 2                                ; d6470000 020a0009
	ds_load_b32 v0, v0 offset:10624                             ; d8d82980 00000000
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[8:11], s[8:9], 0x20                           ; f4080204 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v0, v2, s[8:11], 0 offen                   ; e0680000 80420002
BB120:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_waitcnt_depctr 0xffe3                                     ; bf88ffe3
	s_barrier                                                   ; bfbd0000
BB121:
	s_add_u32 s5, s6, 16                                        ; 80059006
	s_cmp_lg_i32 s1, 0                                          ; bf018001
	s_cbranch_scc1 BB123                                        ; bfa20051
BB122:
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
	v_add_nc_u32_e32 v5, 6, v1                                  ; 4a0a0286
	v_add_nc_u32_e32 v6, 8, v1                                  ; 4a0c0288
	v_add_nc_u32_e32 v3, 2, v1                                  ; 4a060282
	v_mul_lo_u32 v2, v1, s4                                     ; d72c0002 00000901
	v_add_nc_u32_e32 v7, 10, v1                                 ; 4a0e028a
	v_mul_lo_u32 v4, v4, s4                                     ; d72c0004 00000904
	v_mul_lo_u32 v5, v5, s4                                     ; d72c0005 00000905
	v_mul_lo_u32 v6, v6, s4                                     ; d72c0006 00000906
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	v_mul_lo_u32 v7, v7, s4                                     ; d72c0007 00000907
	v_add3_u32 v2, v0, s1, v2                                   ; d6550002 04080300
	v_add_nc_u32_e32 v8, 12, v1                                 ; 4a10028c
	v_add3_u32 v4, v0, s1, v4                                   ; d6550004 04100300
	v_add3_u32 v5, v0, s1, v5                                   ; d6550005 04140300
	v_add3_u32 v6, v0, s1, v6                                   ; d6550006 04180300
	v_add_nc_u32_e32 v1, 14, v1                                 ; 4a02028e
	v_add3_u32 v3, v0, s1, v3                                   ; d6550003 040c0300
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_mul_lo_u32 v8, v8, s4                                     ; d72c0008 00000908
	v_add3_u32 v7, v0, s1, v7                                   ; d6550007 041c0300
	v_lshlrev_b32_e32 v4, 2, v4                                 ; 30080882
	v_lshlrev_b32_e32 v5, 2, v5                                 ; 300a0a82
	v_lshlrev_b32_e32 v6, 2, v6                                 ; 300c0c82
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	v_lshlrev_b32_e32 v7, 2, v7                                 ; 300e0e82
	v_add3_u32 v8, v0, s1, v8                                   ; d6550008 04200300
	s_delay_alu instid0(VALU_DEP_4) | instskip(NEXT) | instid1(VALU_DEP_2) ; bf870114
	v_add3_u32 v0, v0, s1, v1                                   ; d6550000 04040300
	v_lshlrev_b32_e32 v8, 2, v8                                 ; 30101082
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
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
	s_branch BB172                                              ; bfa00104
BB123:
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mov_b32 s1, src_scc                                       ; be8100fd
	s_lshl_b32 s8, s0, 10                                       ; 84088a00
	s_delay_alu instid0(VALU_DEP_1) | instid1(SALU_CYCLE_1)     ; bf870481
	v_lshl_add_u32 v1, v0, 2, s8                                ; d6460001 00210500
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_nc_u32_e32 v2, 0x2400, v1                             ; 4a0402ff 00002400
	v_add_nc_u32_e32 v1, 0x2800, v1                             ; 4a0202ff 00002800
	ds_store_2addr_b32 v2, v16, v17 offset0:128 offset1:160     ; d838a080 00111002
	ds_store_2addr_b32 v2, v18, v19 offset0:192 offset1:224     ; d838e0c0 00131202
	ds_store_2addr_b32 v1, v20, v21 offset1:32                  ; d8382000 00151401
	ds_store_2addr_b32 v1, v22, v23 offset0:64 offset1:96       ; d8386040 00171601
	s_waitcnt_depctr 0xffe3                                     ; bf88ffe3
	s_barrier                                                   ; bfbd0000
	v_lshrrev_b32_e32 v3, 4, v0                                 ; 32060084
	v_and_b32_e32 v4, 15, v0                                    ; 3608008f
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s7, v3                                 ; 4a060607
	v_add_nc_u32_e32 v4, s5, v4                                 ; 4a080805
	v_cmp_gt_u32_e32 vcc_lo, s3, v3                             ; 7c980603
	v_cmp_gt_u32_e64 s9, s4, v4                                 ; d44c0009 00020804
	s_and_b32 exec_lo, vcc_lo, s9                               ; 8b7e096a
	s_lshl_b32 s10, s0, 8                                       ; 840a8800
	s_cbranch_execz BB129                                       ; bfa50010
BB124:
	v_add_lshl_u32 v1, s10, v0, 2                               ; d6470001 020a000a
	ds_load_b32 v1, v1 offset:9728                              ; d8d82600 01000001
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[12:15], s[8:9], 0x20                          ; f4080304 f8000020
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v3, v3, v4, 2                                ; d6470003 020a0903
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v1, v3, s[12:15], 0 offen                  ; e0680000 80430103
BB129:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 32, v0                                 ; 4a0200a0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s5, v1                                 ; 4a020205
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s8, s4, v1                                 ; d44c0008 00020204
	s_and_b32 exec_lo, vcc_lo, s8                               ; 8b7e086a
	s_cbranch_execz BB135                                       ; bfa50010
BB130:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:9856                              ; d8d82680 03000003
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[12:15], s[8:9], 0x20                          ; f4080304 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB135:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 64, v0                                 ; 4a0200c0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s5, v1                                 ; 4a020205
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s8, s4, v1                                 ; d44c0008 00020204
	s_and_b32 exec_lo, vcc_lo, s8                               ; 8b7e086a
	s_cbranch_execz BB141                                       ; bfa50010
BB136:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:9984                              ; d8d82700 03000003
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[12:15], s[8:9], 0x20                          ; f4080304 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB141:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0x60, v0                               ; 4a0200ff 00000060
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s5, v1                                 ; 4a020205
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s8, s4, v1                                 ; d44c0008 00020204
	s_and_b32 exec_lo, vcc_lo, s8                               ; 8b7e086a
	s_cbranch_execz BB147                                       ; bfa50010
BB142:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:10112                             ; d8d82780 03000003
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[12:15], s[8:9], 0x20                          ; f4080304 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB147:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0x80, v0                               ; 4a0200ff 00000080
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s5, v1                                 ; 4a020205
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s8, s4, v1                                 ; d44c0008 00020204
	s_and_b32 exec_lo, vcc_lo, s8                               ; 8b7e086a
	s_cbranch_execz BB153                                       ; bfa50010
BB148:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:10240                             ; d8d82800 03000003
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[12:15], s[8:9], 0x20                          ; f4080304 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB153:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0xa0, v0                               ; 4a0200ff 000000a0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s5, v1                                 ; 4a020205
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s8, s4, v1                                 ; d44c0008 00020204
	s_and_b32 exec_lo, vcc_lo, s8                               ; 8b7e086a
	s_cbranch_execz BB159                                       ; bfa50010
BB154:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:10368                             ; d8d82880 03000003
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[12:15], s[8:9], 0x20                          ; f4080304 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB159:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0xc0, v0                               ; 4a0200ff 000000c0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s5, v1                                 ; 4a020205
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s8, s4, v1                                 ; d44c0008 00020204
	s_and_b32 exec_lo, vcc_lo, s8                               ; 8b7e086a
	s_cbranch_execz BB165                                       ; bfa50010
BB160:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:10496                             ; d8d82900 03000003
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[12:15], s[8:9], 0x20                          ; f4080304 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v3, v2, s[12:15], 0 offen                  ; e0680000 80430302
BB165:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0xe0, v0                               ; 4a0200ff 000000e0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s5, v1                                 ; 4a020205
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s8, s4, v1                                 ; d44c0008 00020204
	s_and_b32 exec_lo, vcc_lo, s8                               ; 8b7e086a
	s_cbranch_execz BB171                                       ; bfa50010
BB166:
	v_add_lshl_u32 v0, s10, v0, 2                               ; d6470000 020a000a
	ds_load_b32 v0, v0 offset:10624                             ; d8d82980 00000000
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[8:11], s[8:9], 0x20                           ; f4080204 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v0, v2, s[8:11], 0 offen                   ; e0680000 80420002
BB171:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_waitcnt_depctr 0xffe3                                     ; bf88ffe3
	s_barrier                                                   ; bfbd0000
BB172:
	s_add_u32 s7, s7, 16                                        ; 80079007
	s_cmp_lg_i32 s1, 0                                          ; bf018001
	s_cbranch_scc1 BB174                                        ; bfa20076
BB173:
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_load_b128 s[0:3], s[2:3], 0x20                            ; f4080001 f8000020
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mul_i32 s7, s7, s4                                        ; 96070407
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870099
	s_add_u32 s6, s7, s6                                        ; 80060607
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_and_b32_e32 v0, 15, v0                                    ; 3600008f
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_add_nc_u32_e32 v8, 6, v1                                  ; 4a100286
	v_add_nc_u32_e32 v10, 8, v1                                 ; 4a140288
	v_mul_lo_u32 v2, v1, s4                                     ; d72c0002 00000901
	v_add_nc_u32_e32 v4, 2, v1                                  ; 4a080282
	v_add_nc_u32_e32 v6, 4, v1                                  ; 4a0c0284
	v_mul_lo_u32 v8, v8, s4                                     ; d72c0008 00000908
	v_mul_lo_u32 v10, v10, s4                                   ; d72c000a 0000090a
	v_add_nc_u32_e32 v12, 10, v1                                ; 4a18028a
	v_mul_lo_u32 v4, v4, s4                                     ; d72c0004 00000904
	v_mul_lo_u32 v6, v6, s4                                     ; d72c0006 00000906
	v_add3_u32 v3, v0, s6, v2                                   ; d6550003 04080d00
	v_add_nc_u32_e32 v14, 12, v1                                ; 4a1c028c
	v_add3_u32 v9, v0, s6, v8                                   ; d6550009 04200d00
	v_mul_lo_u32 v12, v12, s4                                   ; d72c000c 0000090c
	v_add3_u32 v11, v0, s6, v10                                 ; d655000b 04280d00
	v_add_nc_u32_e32 v1, 14, v1                                 ; 4a02028e
	v_add3_u32 v5, v0, s6, v4                                   ; d6550005 04100d00
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	v_mul_lo_u32 v14, v14, s4                                   ; d72c000e 0000090e
	v_add3_u32 v7, v0, s6, v6                                   ; d6550007 04180d00
	v_lshlrev_b32_e32 v9, 2, v9                                 ; 30121282
	s_add_u32 s7, s7, s5                                        ; 80070507
	v_lshlrev_b32_e32 v11, 2, v11                               ; 30161682
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	v_add3_u32 v13, v0, s6, v12                                 ; d655000d 04300d00
	v_lshlrev_b32_e32 v5, 2, v5                                 ; 300a0a82
	v_add3_u32 v6, v0, s7, v6                                   ; d6550006 04180f00
	v_add3_u32 v8, v0, s7, v8                                   ; d6550008 04200f00
	v_add3_u32 v4, v0, s7, v4                                   ; d6550004 04100f00
	v_add3_u32 v2, v0, s7, v2                                   ; d6550002 04080f00
	v_lshlrev_b32_e32 v7, 2, v7                                 ; 300e0e82
	v_add3_u32 v15, v0, s6, v14                                 ; d655000f 04380d00
	v_add3_u32 v10, v0, s7, v10                                 ; d655000a 04280f00
	v_add3_u32 v12, v0, s7, v12                                 ; d655000c 04300f00
	v_add3_u32 v14, v0, s7, v14                                 ; d655000e 04380f00
	v_lshlrev_b32_e32 v13, 2, v13                               ; 301a1a82
	v_lshlrev_b32_e32 v6, 2, v6                                 ; 300c0c82
	v_add3_u32 v16, v0, s6, v1                                  ; d6550010 04040d00
	v_add3_u32 v0, v0, s7, v1                                   ; d6550000 04040f00
	v_lshlrev_b32_e32 v8, 2, v8                                 ; 30101082
	v_lshlrev_b32_e32 v4, 2, v4                                 ; 30080882
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_lshlrev_b32_e32 v15, 2, v15                               ; 301e1e82
	v_lshlrev_b32_e32 v10, 2, v10                               ; 30141482
	v_lshlrev_b32_e32 v12, 2, v12                               ; 30181882
	v_lshlrev_b32_e32 v14, 2, v14                               ; 301c1c82
	v_lshlrev_b32_e32 v16, 2, v16                               ; 30202082
	v_lshlrev_b32_e32 v0, 2, v0                                 ; 30000082
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_clause 0xf                                                ; bf85000f
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
	buffer_store_b32 v36, v10, s[0:3], 0 offen                  ; e0680000 8040240a
	buffer_store_b32 v37, v12, s[0:3], 0 offen                  ; e0680000 8040250c
	buffer_store_b32 v38, v14, s[0:3], 0 offen                  ; e0680000 8040260e
	buffer_store_b32 v39, v0, s[0:3], 0 offen                   ; e0680000 80402700
	s_branch BB271                                              ; bfa001c5
BB174:
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_lshl_b32 s1, s0, 10                                       ; 84018a00
	s_delay_alu instid0(VALU_DEP_1) | instid1(SALU_CYCLE_1)     ; bf870481
	v_lshl_add_u32 v1, v0, 2, s1                                ; d6460001 00050500
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_nc_u32_e32 v2, 0x2400, v1                             ; 4a0402ff 00002400
	v_add_nc_u32_e32 v1, 0x2800, v1                             ; 4a0202ff 00002800
	ds_store_2addr_b32 v2, v24, v25 offset0:128 offset1:160     ; d838a080 00191802
	ds_store_2addr_b32 v2, v26, v27 offset0:192 offset1:224     ; d838e0c0 001b1a02
	ds_store_2addr_b32 v1, v28, v29 offset1:32                  ; d8382000 001d1c01
	ds_store_2addr_b32 v1, v30, v31 offset0:64 offset1:96       ; d8386040 001f1e01
	s_waitcnt_depctr 0xffe3                                     ; bf88ffe3
	s_barrier                                                   ; bfbd0000
	v_lshrrev_b32_e32 v3, 4, v0                                 ; 32060084
	v_and_b32_e32 v4, 15, v0                                    ; 3608008f
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s7, v3                                 ; 4a060607
	v_add_nc_u32_e32 v5, s6, v4                                 ; 4a0a0806
	v_cmp_gt_u32_e32 vcc_lo, s3, v3                             ; 7c980603
	v_cmp_gt_u32_e64 s8, s4, v5                                 ; d44c0008 00020a04
	s_and_b32 exec_lo, vcc_lo, s8                               ; 8b7e086a
	s_lshl_b32 s0, s0, 8                                        ; 84008800
	s_cbranch_execz BB180                                       ; bfa50010
BB175:
	v_add_lshl_u32 v6, s0, v0, 2                                ; d6470006 020a0000
	ds_load_b32 v6, v6 offset:9728                              ; d8d82600 06000006
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[8:11], s[8:9], 0x20                           ; f4080204 f8000020
	v_mul_lo_u32 v7, v3, s4                                     ; d72c0007 00000903
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v7, v7, v5, 2                                ; d6470007 020a0b07
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v6, v7, s[8:11], 0 offen                   ; e0680000 80420607
BB180:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v5, 32, v0                                 ; 4a0a00a0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v6, 4, v5                                 ; 320c0a84
	v_and_b32_e32 v5, 15, v5                                    ; 360a0a8f
	v_add_nc_u32_e32 v6, s7, v6                                 ; 4a0c0c07
	v_add_nc_u32_e32 v7, s6, v5                                 ; 4a0e0a06
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s1, s3, v6                                 ; d44c0001 00020c03
	v_cmp_gt_u32_e64 s8, s4, v7                                 ; d44c0008 00020e04
	s_and_b32 exec_lo, s1, s8                                   ; 8b7e0801
	s_cbranch_execz BB186                                       ; bfa50010
BB181:
	v_add_lshl_u32 v8, s0, v0, 2                                ; d6470008 020a0000
	ds_load_b32 v8, v8 offset:9856                              ; d8d82680 08000008
	s_mov_b32 s8, s2                                            ; be880002
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_load_b128 s[8:11], s[8:9], 0x20                           ; f4080204 f8000020
	v_mul_lo_u32 v9, v6, s4                                     ; d72c0009 00000906
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v9, v9, v7, 2                                ; d6470009 020a0f09
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v8, v9, s[8:11], 0 offen                   ; e0680000 80420809
BB186:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v7, 64, v0                                 ; 4a0e00c0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v8, 4, v7                                 ; 32100e84
	v_and_b32_e32 v7, 15, v7                                    ; 360e0e8f
	v_add_nc_u32_e32 v8, s7, v8                                 ; 4a101007
	v_add_nc_u32_e32 v9, s6, v7                                 ; 4a120e06
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s8, s3, v8                                 ; d44c0008 00021003
	v_cmp_gt_u32_e64 s9, s4, v9                                 ; d44c0009 00021204
	s_and_b32 exec_lo, s8, s9                                   ; 8b7e0908
	s_cbranch_execz BB192                                       ; bfa50010
BB187:
	v_add_lshl_u32 v10, s0, v0, 2                               ; d647000a 020a0000
	ds_load_b32 v10, v10 offset:9984                            ; d8d82700 0a00000a
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4080305 f8000020
	v_mul_lo_u32 v11, v8, s4                                    ; d72c000b 00000908
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v11, v11, v9, 2                              ; d647000b 020a130b
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v10, v11, s[12:15], 0 offen                ; e0680000 80430a0b
BB192:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v9, 0x60, v0                               ; 4a1200ff 00000060
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v10, 4, v9                                ; 32141284
	v_and_b32_e32 v9, 15, v9                                    ; 3612128f
	v_add_nc_u32_e32 v10, s7, v10                               ; 4a141407
	v_add_nc_u32_e32 v11, s6, v9                                ; 4a161206
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s9, s3, v10                                ; d44c0009 00021403
	v_cmp_gt_u32_e64 s10, s4, v11                               ; d44c000a 00021604
	s_and_b32 exec_lo, s9, s10                                  ; 8b7e0a09
	s_cbranch_execz BB198                                       ; bfa50010
BB193:
	v_add_lshl_u32 v12, s0, v0, 2                               ; d647000c 020a0000
	ds_load_b32 v12, v12 offset:10112                           ; d8d82780 0c00000c
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4080305 f8000020
	v_mul_lo_u32 v13, v10, s4                                   ; d72c000d 0000090a
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v13, v13, v11, 2                             ; d647000d 020a170d
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v12, v13, s[12:15], 0 offen                ; e0680000 80430c0d
BB198:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v11, 0x80, v0                              ; 4a1600ff 00000080
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v12, 4, v11                               ; 32181684
	v_and_b32_e32 v11, 15, v11                                  ; 3616168f
	v_add_nc_u32_e32 v12, s7, v12                               ; 4a181807
	v_add_nc_u32_e32 v13, s6, v11                               ; 4a1a1606
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s10, s3, v12                               ; d44c000a 00021803
	v_cmp_gt_u32_e64 s11, s4, v13                               ; d44c000b 00021a04
	s_and_b32 exec_lo, s10, s11                                 ; 8b7e0b0a
	s_cbranch_execz BB204                                       ; bfa50010
BB199:
	v_add_lshl_u32 v14, s0, v0, 2                               ; d647000e 020a0000
	ds_load_b32 v14, v14 offset:10240                           ; d8d82800 0e00000e
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4080306 f8000020
	v_mul_lo_u32 v15, v12, s4                                   ; d72c000f 0000090c
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v15, v15, v13, 2                             ; d647000f 020a1b0f
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v14, v15, s[12:15], 0 offen                ; e0680000 80430e0f
BB204:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v13, 0xa0, v0                              ; 4a1a00ff 000000a0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v14, 4, v13                               ; 321c1a84
	v_and_b32_e32 v13, 15, v13                                  ; 361a1a8f
	v_add_nc_u32_e32 v14, s7, v14                               ; 4a1c1c07
	v_add_nc_u32_e32 v15, s6, v13                               ; 4a1e1a06
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s11, s3, v14                               ; d44c000b 00021c03
	v_cmp_gt_u32_e64 s12, s4, v15                               ; d44c000c 00021e04
	s_and_b32 exec_lo, s11, s12                                 ; 8b7e0c0b
	s_cbranch_execz BB210                                       ; bfa50010
BB205:
	v_add_lshl_u32 v16, s0, v0, 2                               ; d6470010 020a0000
	ds_load_b32 v16, v16 offset:10368                           ; d8d82880 10000010
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4080306 f8000020
	v_mul_lo_u32 v17, v14, s4                                   ; d72c0011 0000090e
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v17, v17, v15, 2                             ; d6470011 020a1f11
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v16, v17, s[12:15], 0 offen                ; e0680000 80431011
BB210:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v15, 0xc0, v0                              ; 4a1e00ff 000000c0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v16, 4, v15                               ; 32201e84
	v_and_b32_e32 v15, 15, v15                                  ; 361e1e8f
	v_add_nc_u32_e32 v16, s7, v16                               ; 4a202007
	v_add_nc_u32_e32 v17, s6, v15                               ; 4a221e06
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s12, s3, v16                               ; d44c000c 00022003
	v_cmp_gt_u32_e64 s13, s4, v17                               ; d44c000d 00022204
	s_and_b32 exec_lo, s12, s13                                 ; 8b7e0d0c
	s_cbranch_execz BB216                                       ; bfa50010
BB211:
	v_add_lshl_u32 v18, s0, v0, 2                               ; d6470012 020a0000
	ds_load_b32 v18, v18 offset:10496                           ; d8d82900 12000012
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], 0x20                        ; f4080407 f8000020
	v_mul_lo_u32 v19, v16, s4                                   ; d72c0013 00000910
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v19, v19, v17, 2                             ; d6470013 020a2313
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v18, v19, s[16:19], 0 offen                ; e0680000 80441213
BB216:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v17, 0xe0, v0                              ; 4a2200ff 000000e0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v18, 4, v17                               ; 32242284
	v_and_b32_e32 v17, 15, v17                                  ; 3622228f
	v_add_nc_u32_e32 v18, s7, v18                               ; 4a242407
	v_add_nc_u32_e32 v19, s6, v17                               ; 4a262206
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s3, s3, v18                                ; d44c0003 00022403
	v_cmp_gt_u32_e64 s6, s4, v19                                ; d44c0006 00022604
	s_and_b32 exec_lo, s3, s6                                   ; 8b7e0603
	s_cbranch_execz BB222                                       ; bfa50010
BB217:
	v_add_lshl_u32 v20, s0, v0, 2                               ; d6470014 020a0000
	ds_load_b32 v20, v20 offset:10624                           ; d8d82980 14000014
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[16:19], s[6:7], 0x20                          ; f4080403 f8000020
	v_mul_lo_u32 v21, v18, s4                                   ; d72c0015 00000912
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v21, v21, v19, 2                             ; d6470015 020a2715
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v20, v21, s[16:19], 0 offen                ; e0680000 80441415
BB222:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_waitcnt_depctr 0xffe3                                     ; bf88ffe3
	s_barrier                                                   ; bfbd0000
	ds_store_2addr_b32 v2, v32, v33 offset0:128 offset1:160     ; d838a080 00212002
	ds_store_2addr_b32 v2, v34, v35 offset0:192 offset1:224     ; d838e0c0 00232202
	ds_store_2addr_b32 v1, v36, v37 offset1:32                  ; d8382000 00252401
	ds_store_2addr_b32 v1, v38, v39 offset0:64 offset1:96       ; d8386040 00272601
	s_waitcnt_depctr 0xffe3                                     ; bf88ffe3
	s_barrier                                                   ; bfbd0000
	v_add_nc_u32_e32 v4, s5, v4                                 ; 4a080805
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e64 s6, s4, v4                                 ; d44c0006 00020804
	s_and_b32 exec_lo, vcc_lo, s6                               ; 8b7e066a
	s_cbranch_execz BB228                                       ; bfa50010
BB223:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:9728                              ; d8d82600 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[16:19], s[6:7], 0x20                          ; f4080403 f8000020
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v3, v3, v4, 2                                ; d6470003 020a0903
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v1, v3, s[16:19], 0 offen                  ; e0680000 80440103
BB228:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v5, s5, v5                                 ; 4a0a0a05
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v5                             ; 7c980a04
	s_and_b32 exec_lo, s1, vcc_lo                               ; 8b7e6a01
	s_cbranch_execz BB234                                       ; bfa50010
BB229:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:9856                              ; d8d82680 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[16:19], s[6:7], 0x20                          ; f4080403 f8000020
	v_mul_lo_u32 v6, v6, s4                                     ; d72c0006 00000906
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v6, v6, v5, 2                                ; d6470006 020a0b06
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v1, v6, s[16:19], 0 offen                  ; e0680000 80440106
BB234:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v7, s5, v7                                 ; 4a0e0e05
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v7                             ; 7c980e04
	s_and_b32 exec_lo, s8, vcc_lo                               ; 8b7e6a08
	s_cbranch_execz BB240                                       ; bfa50010
BB235:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:9984                              ; d8d82700 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[16:19], s[6:7], 0x20                          ; f4080403 f8000020
	v_mul_lo_u32 v8, v8, s4                                     ; d72c0008 00000908
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v8, v8, v7, 2                                ; d6470008 020a0f08
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v1, v8, s[16:19], 0 offen                  ; e0680000 80440108
BB240:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v9, s5, v9                                 ; 4a121205
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v9                             ; 7c981204
	s_and_b32 exec_lo, s9, vcc_lo                               ; 8b7e6a09
	s_cbranch_execz BB246                                       ; bfa50010
BB241:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:10112                             ; d8d82780 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[16:19], s[6:7], 0x20                          ; f4080403 f8000020
	v_mul_lo_u32 v10, v10, s4                                   ; d72c000a 0000090a
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v10, v10, v9, 2                              ; d647000a 020a130a
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v1, v10, s[16:19], 0 offen                 ; e0680000 8044010a
BB246:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v11, s5, v11                               ; 4a161605
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v11                            ; 7c981604
	s_and_b32 exec_lo, s10, vcc_lo                              ; 8b7e6a0a
	s_cbranch_execz BB252                                       ; bfa50010
BB247:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:10240                             ; d8d82800 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[16:19], s[6:7], 0x20                          ; f4080403 f8000020
	v_mul_lo_u32 v12, v12, s4                                   ; d72c000c 0000090c
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v12, v12, v11, 2                             ; d647000c 020a170c
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v1, v12, s[16:19], 0 offen                 ; e0680000 8044010c
BB252:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v13, s5, v13                               ; 4a1a1a05
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v13                            ; 7c981a04
	s_and_b32 exec_lo, s11, vcc_lo                              ; 8b7e6a0b
	s_cbranch_execz BB258                                       ; bfa50010
BB253:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:10368                             ; d8d82880 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[8:11], s[6:7], 0x20                           ; f4080203 f8000020
	v_mul_lo_u32 v14, v14, s4                                   ; d72c000e 0000090e
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v14, v14, v13, 2                             ; d647000e 020a1b0e
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v1, v14, s[8:11], 0 offen                  ; e0680000 8042010e
BB258:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v15, s5, v15                               ; 4a1e1e05
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v15                            ; 7c981e04
	s_and_b32 exec_lo, s12, vcc_lo                              ; 8b7e6a0c
	s_cbranch_execz BB264                                       ; bfa50010
BB259:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:10496                             ; d8d82900 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[8:11], s[6:7], 0x20                           ; f4080203 f8000020
	v_mul_lo_u32 v16, v16, s4                                   ; d72c0010 00000910
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v16, v16, v15, 2                             ; d6470010 020a1f10
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v1, v16, s[8:11], 0 offen                  ; e0680000 80420110
BB264:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v17, s5, v17                               ; 4a222205
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v17                            ; 7c982204
	s_and_b32 exec_lo, s3, vcc_lo                               ; 8b7e6a03
	s_cbranch_execz BB270                                       ; bfa5000f
BB265:
	v_add_lshl_u32 v0, s0, v0, 2                                ; d6470000 020a0000
	ds_load_b32 v0, v0 offset:10624                             ; d8d82980 00000000
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_load_b128 s[0:3], s[2:3], 0x20                            ; f4080001 f8000020
	v_mul_lo_u32 v18, v18, s4                                   ; d72c0012 00000912
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v18, v18, v17, 2                             ; d6470012 020a2312
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_store_b32 v0, v18, s[0:3], 0 offen                   ; e0680000 80400012
BB270:
	s_waitcnt_depctr 0xffe3                                     ; bf88ffe3
	s_barrier                                                   ; bfbd0000
BB271:
	s_nop 0                                                     ; bf800000
	s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)                        ; bfb60003
	s_endpgm                                                    ; bfb00000
