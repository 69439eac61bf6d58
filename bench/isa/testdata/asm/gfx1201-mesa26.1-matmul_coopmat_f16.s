BB0:
	v_dual_mov_b32 v9, 0 :: v_dual_mov_b32 v8, 0                ; ca100080 09080080
	v_dual_mov_b32 v11, 0 :: v_dual_mov_b32 v10, 0              ; ca100080 0b0a0080
	v_dual_mov_b32 v13, 0 :: v_dual_mov_b32 v12, 0              ; ca100080 0d0c0080
	v_dual_mov_b32 v15, 0 :: v_dual_mov_b32 v14, 0              ; ca100080 0f0e0080
	v_dual_mov_b32 v17, 0 :: v_dual_mov_b32 v16, 0              ; ca100080 11100080
	v_dual_mov_b32 v19, 0 :: v_dual_mov_b32 v18, 0              ; ca100080 13120080
	v_dual_mov_b32 v21, 0 :: v_dual_mov_b32 v20, 0              ; ca100080 15140080
	s_bfe_u32 s0, ttmp8, 0x50019                                ; 9300ff74 00050019
	s_mov_b32 s9, 0                                             ; be890080
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
	s_and_b32 s6, s0, 1                                         ; 8b068100
	s_lshl_b32 s7, ttmp7, 6                                     ; 84078673
	s_lshl_b32 s8, ttmp9, 6                                     ; 84088675
BB1:
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_cmp_ge_u32 s9, s5                                         ; bf090509
	s_cbranch_scc1 BB70                                         ; bfa2019a
BB3:
	v_cmpx_gt_u32_e32 0x100, v0                                 ; 7d9800ff 00000100
	s_cbranch_execz BB69                                        ; bfa50116
BB4:
	v_lshrrev_b32_e32 v1, 2, v0                                 ; 32020082
	v_and_b32_e32 v3, 3, v0                                     ; 36060083
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v2, s7, v1                                 ; 4a040207
	v_lshlrev_b32_e32 v3, 3, v3                                 ; 30060683
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_add_nc_u32_e32 v4, s9, v3                                 ; 4a080609
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e64 s10, s5, v4                                ; d44c000a 00020805
	s_nand_b32 s10, vcc_lo, s10                                 ; 8e0a0a6a
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_and_saveexec_b32 s10, s10                                 ; be8a200a
BB5:
	v_dual_mov_b32 v5, 0 :: v_dual_mov_b32 v4, 0                ; ca100080 05040080
	v_dual_mov_b32 v7, 0 :: v_dual_mov_b32 v6, 0                ; ca100080 07060080
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_and_not1_b32 exec_lo, s10, exec_lo                        ; 917e7e0a
	s_cbranch_execz BB10                                        ; bfa5000f
BB8:
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x0                         ; f4004306 f8000000
	v_mul_lo_u32 v2, v2, s5                                     ; d72c0002 00000b02
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v2, v2, v4                                 ; 4a040902
	v_lshrrev_b32_e32 v2, 3, v2                                 ; 32040483
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v2, 4, v2                                 ; 30040484
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_load_b128 v[4:7], v2, s[12:15], null offen           ; c405c07c 40801804 00000002
BB10:
	s_mov_b32 exec_lo, s10                                      ; befe000a
	v_mad_u32_u24 v1, 40, v1, v3                                ; d60b0001 040e02a8
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_1) ; bf8700c1
	v_lshlrev_b32_e32 v1, 1, v1                                 ; 30020281
	s_wait_loadcnt 0x0                                          ; bfc00000
	ds_store_b128 v1, v[4:7]                                    ; db7c0000 00000401
	v_add_nc_u32_e32 v1, 0x80, v0                               ; 4a0200ff 00000080
	v_cmpx_gt_u32_e32 0x100, v1                                 ; 7d9802ff 00000100
	s_mov_b32 vcc_lo, exec_lo                                   ; beea007e
	s_cbranch_execz BB34                                        ; bfa5005b
BB11:
	v_lshrrev_b32_e32 v2, 2, v1                                 ; 32040282
	v_and_b32_e32 v4, 3, v1                                     ; 36080283
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s7, v2                                 ; 4a060407
	v_lshlrev_b32_e32 v4, 3, v4                                 ; 30080883
	v_cmp_gt_u32_e64 s11, s3, v3                                ; d44c000b 00020603
	v_add_nc_u32_e32 v5, s9, v4                                 ; 4a0a0809
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e64 s12, s5, v5                                ; d44c000c 00020a05
	s_nand_b32 s11, s11, s12                                    ; 8e0b0c0b
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_and_saveexec_b32 s11, s11                                 ; be8b200b
BB12:
	v_dual_mov_b32 v41, 0 :: v_dual_mov_b32 v40, 0              ; ca100080 29280080
	v_dual_mov_b32 v43, 0 :: v_dual_mov_b32 v42, 0              ; ca100080 2b2a0080
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_and_not1_b32 exec_lo, s11, exec_lo                        ; 917e7e0b
	s_cbranch_execz BB17                                        ; bfa5000f
BB15:
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x0                         ; f4004306 f8000000
	v_mul_lo_u32 v3, v3, s5                                     ; d72c0003 00000b03
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v3, v3, v5                                 ; 4a060b03
	v_lshrrev_b32_e32 v3, 3, v3                                 ; 32060683
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 4, v3                                 ; 30060684
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_load_b128 v[40:43], v3, s[12:15], null offen         ; c405c07c 40801828 00000003
BB17:
	s_mov_b32 exec_lo, s11                                      ; befe000b
	v_mad_u32_u24 v2, 40, v2, v4                                ; d60b0002 041204a8
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_1) ; bf8700c1
	v_lshlrev_b32_e32 v2, 1, v2                                 ; 30040481
	s_wait_loadcnt 0x0                                          ; bfc00000
	ds_store_b128 v2, v[40:43]                                  ; db7c0000 00002802
	v_add_nc_u32_e32 v2, 0x100, v0                              ; 4a0400ff 00000100
	v_cmpx_gt_u32_e32 0x100, v2                                 ; 7d9804ff 00000100
	s_cbranch_execz BB34                                        ; bfa5002a
BB18:
	v_lshrrev_b32_e32 v3, 2, v2                                 ; 32060482
	v_and_b32_e32 v2, 3, v2                                     ; 36040483
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v4, s7, v3                                 ; 4a080607
	v_lshlrev_b32_e32 v2, 3, v2                                 ; 30040483
	v_cmp_gt_u32_e64 s12, s3, v4                                ; d44c000c 00020803
	v_add_nc_u32_e32 v5, s9, v2                                 ; 4a0a0409
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_cmp_gt_u32_e64 s13, s5, v5                                ; d44c000d 00020a05
	s_nand_b32 s12, s12, s13                                    ; 8e0c0d0c
	s_and_saveexec_b32 s12, s12                                 ; be8c200c
BB19:
	v_dual_mov_b32 v5, 0 :: v_dual_mov_b32 v4, 0                ; ca100080 05040080
	v_dual_mov_b32 v7, 0 :: v_dual_mov_b32 v6, 0                ; ca100080 07060080
	s_and_not1_b32 exec_lo, s12, exec_lo                        ; 917e7e0c
	s_cbranch_execz BB24                                        ; bfa5000f
BB22:
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], 0x0                         ; f4004407 f8000000
	v_mul_lo_u32 v4, v4, s5                                     ; d72c0004 00000b04
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v4, v4, v5                                 ; 4a080b04
	v_lshrrev_b32_e32 v4, 3, v4                                 ; 32080883
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v4, 4, v4                                 ; 30080884
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_load_b128 v[4:7], v4, s[16:19], null offen           ; c405c07c 40802004 00000004
BB24:
	s_mov_b32 exec_lo, s12                                      ; befe000c
	v_mad_u32_u24 v3, 40, v3, v2                                ; d60b0003 040a06a8
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 1, v3                                 ; 30060681
	s_wait_loadcnt 0x0                                          ; bfc00000
	ds_store_b128 v3, v[4:7]                                    ; db7c0000 00000403
BB34:
	s_mov_b32 exec_lo, s10                                      ; befe000a
	v_lshrrev_b32_e32 v2, 3, v0                                 ; 32040083
	v_and_b32_e32 v4, 7, v0                                     ; 36080087
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s9, v2                                 ; 4a060409
	v_lshlrev_b32_e32 v4, 3, v4                                 ; 30080883
	v_cmp_gt_u32_e64 s11, s5, v3                                ; d44c000b 00020605
	v_add_nc_u32_e32 v5, s8, v4                                 ; 4a0a0808
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e64 s12, s4, v5                                ; d44c000c 00020a04
	s_nand_b32 s11, s11, s12                                    ; 8e0b0c0b
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_and_b32 exec_lo, s11, exec_lo                             ; 8b7e7e0b
BB35:
	v_dual_mov_b32 v41, 0 :: v_dual_mov_b32 v40, 0              ; ca100080 29280080
	v_dual_mov_b32 v43, 0 :: v_dual_mov_b32 v42, 0              ; ca100080 2b2a0080
	s_and_not1_b32 exec_lo, s10, exec_lo                        ; 917e7e0a
	s_cbranch_execz BB40                                        ; bfa5000f
BB38:
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x10                        ; f4004306 f8000010
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v3, v3, v5                                 ; 4a060b03
	v_lshrrev_b32_e32 v3, 3, v3                                 ; 32060683
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 4, v3                                 ; 30060684
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_load_b128 v[40:43], v3, s[12:15], null offen         ; c405c07c 40801828 00000003
BB40:
	s_mov_b32 exec_lo, s10                                      ; befe000a
	v_mad_u32_u24 v2, 0x48, v2, v4                              ; d60b0002 041204ff 00000048
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v2, 1, v2                                 ; 30040481
	s_wait_loadcnt 0x0                                          ; bfc00000
	ds_store_b128 v2, v[40:43] offset:5120                      ; db7c1400 00002802
	s_and_b32 exec_lo, vcc_lo, exec_lo                          ; 8b7e7e6a
	s_cbranch_execz BB69                                        ; bfa5005b
BB41:
	v_lshrrev_b32_e32 v2, 3, v1                                 ; 32040283
	v_and_b32_e32 v1, 7, v1                                     ; 36020287
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s9, v2                                 ; 4a060409
	v_lshlrev_b32_e32 v1, 3, v1                                 ; 30020283
	v_cmp_gt_u32_e32 vcc_lo, s5, v3                             ; 7c980605
	v_add_nc_u32_e32 v4, s8, v1                                 ; 4a080208
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e64 s11, s4, v4                                ; d44c000b 00020804
	s_nand_b32 s11, vcc_lo, s11                                 ; 8e0b0b6a
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_and_saveexec_b32 s11, s11                                 ; be8b200b
BB42:
	v_dual_mov_b32 v5, 0 :: v_dual_mov_b32 v4, 0                ; ca100080 05040080
	v_dual_mov_b32 v7, 0 :: v_dual_mov_b32 v6, 0                ; ca100080 07060080
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_and_not1_b32 exec_lo, s11, exec_lo                        ; 917e7e0b
	s_cbranch_execz BB47                                        ; bfa5000f
BB45:
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x10                        ; f4004306 f8000010
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v3, v3, v4                                 ; 4a060903
	v_lshrrev_b32_e32 v3, 3, v3                                 ; 32060683
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 4, v3                                 ; 30060684
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_load_b128 v[4:7], v3, s[12:15], null offen           ; c405c07c 40801804 00000003
BB47:
	s_mov_b32 exec_lo, s11                                      ; befe000b
	v_mad_u32_u24 v2, 0x48, v2, v1                              ; d60b0002 040604ff 00000048
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_3) | instid1(VALU_DEP_1) ; bf8700c1
	v_lshlrev_b32_e32 v2, 1, v2                                 ; 30040481
	s_wait_loadcnt 0x0                                          ; bfc00000
	ds_store_b128 v2, v[4:7] offset:5120                        ; db7c1400 00000402
	v_add_nc_u32_e32 v1, 0x100, v0                              ; 4a0200ff 00000100
	v_cmpx_gt_u32_e32 0x100, v1                                 ; 7d9802ff 00000100
	s_cbranch_execz BB69                                        ; bfa5002a
BB48:
	v_lshrrev_b32_e32 v2, 3, v1                                 ; 32040283
	v_and_b32_e32 v1, 7, v1                                     ; 36020287
	s_delay_alu instid0(VALU_DEP_2) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870122
	v_add_nc_u32_e32 v3, s9, v2                                 ; 4a060409
	v_lshlrev_b32_e32 v1, 3, v1                                 ; 30020283
	v_cmp_gt_u32_e32 vcc_lo, s5, v3                             ; 7c980605
	v_add_nc_u32_e32 v4, s8, v1                                 ; 4a080208
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_cmp_gt_u32_e64 s12, s4, v4                                ; d44c000c 00020804
	s_nand_b32 s12, vcc_lo, s12                                 ; 8e0c0c6a
	s_and_saveexec_b32 s12, s12                                 ; be8c200c
BB49:
	v_dual_mov_b32 v5, 0 :: v_dual_mov_b32 v4, 0                ; ca100080 05040080
	v_dual_mov_b32 v7, 0 :: v_dual_mov_b32 v6, 0                ; ca100080 07060080
	s_and_not1_b32 exec_lo, s12, exec_lo                        ; 917e7e0c
	s_cbranch_execz BB54                                        ; bfa5000f
BB52:
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], 0x10                        ; f4004407 f8000010
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_add_nc_u32_e32 v3, v3, v4                                 ; 4a060903
	v_lshrrev_b32_e32 v3, 3, v3                                 ; 32060683
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v3, 4, v3                                 ; 30060684
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_load_b128 v[4:7], v3, s[16:19], null offen           ; c405c07c 40802004 00000003
BB54:
	s_mov_b32 exec_lo, s12                                      ; befe000c
	v_mad_u32_u24 v2, 0x48, v2, v1                              ; d60b0002 040604ff 00000048
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_lshlrev_b32_e32 v2, 1, v2                                 ; 30040481
	s_wait_loadcnt 0x0                                          ; bfc00000
	ds_store_b128 v2, v[4:7] offset:5120                        ; db7c1400 00000402
BB69:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_wait_alu 0xffe3                                           ; bf88ffe3
	s_barrier_signal -1                                         ; be804ec1
	s_barrier_wait 0xffff                                       ; bf94ffff
	s_mul_i32 s10, s1, 0x500                                    ; 960aff01 00000500
	s_lshl_b32 s11, s6, 6                                       ; 840b8606
	v_mbcnt_lo_u32_b32 v1, -1, 0                                ; d71f0001 000100c1
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_and_b32_e32 v2, 15, v1                                    ; 3604028f
	v_lshrrev_b32_e32 v1, 4, v1                                 ; 32020284
	v_mul_u32_u24_e32 v3, 40, v2                                ; 160604a8
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_2) | instid1(VALU_DEP_2) ; bf870131
	v_lshl_add_u32 v3, v1, 3, v3                                ; d6460003 040d0701
	v_mad_u32_u24 v1, 0x240, v1, v2                             ; d60b0001 040a02ff 00000240
	s_wait_alu 0xfffe                                           ; bf88fffe
	v_lshl_add_u32 v3, v3, 1, s10                               ; d6460003 00290303
	v_lshl_add_u32 v1, v1, 1, s11                               ; d6460001 002d0301
	ds_load_b64 v[4:5], v3                                      ; d9d80000 04000003
	ds_load_b64 v[6:7], v3 offset:8                             ; d9d80008 06000003
	ds_load_b64 v[40:41], v3 offset:1280                        ; d9d80500 28000003
	ds_load_b64 v[42:43], v3 offset:1288                        ; d9d80508 2a000003
	ds_load_u16_d16 v44, v1 offset:5120                         ; da981400 2c000001
	ds_load_u16_d16_hi v44, v1 offset:5264                      ; da9c1490 2c000001
	ds_load_u16_d16 v45, v1 offset:5408                         ; da981520 2d000001
	ds_load_u16_d16_hi v45, v1 offset:5552                      ; da9c15b0 2d000001
	ds_load_u16_d16 v46, v1 offset:5696                         ; da981640 2e000001
	ds_load_u16_d16_hi v46, v1 offset:5840                      ; da9c16d0 2e000001
	ds_load_u16_d16 v47, v1 offset:5984                         ; da981760 2f000001
	ds_load_u16_d16_hi v47, v1 offset:6128                      ; da9c17f0 2f000001
	ds_load_u16_d16 v48, v1 offset:5152                         ; da981420 30000001
	ds_load_u16_d16_hi v48, v1 offset:5296                      ; da9c14b0 30000001
	ds_load_u16_d16 v49, v1 offset:5440                         ; da981540 31000001
	ds_load_u16_d16_hi v49, v1 offset:5584                      ; da9c15d0 31000001
	ds_load_u16_d16 v50, v1 offset:5728                         ; da981660 32000001
	ds_load_u16_d16_hi v50, v1 offset:5872                      ; da9c16f0 32000001
	ds_load_u16_d16 v51, v1 offset:6016                         ; da981780 33000001
	ds_load_u16_d16_hi v51, v1 offset:6160                      ; da9c1810 33000001
	ds_load_b64 v[52:53], v3 offset:32                          ; d9d80020 34000003
	ds_load_b64 v[54:55], v3 offset:40                          ; d9d80028 36000003
	ds_load_b64 v[56:57], v3 offset:1312                        ; d9d80520 38000003
	ds_load_b64 v[58:59], v3 offset:1320                        ; d9d80528 3a000003
	ds_load_u16_d16 v60, v1 offset:7424                         ; da981d00 3c000001
	ds_load_u16_d16_hi v60, v1 offset:7568                      ; da9c1d90 3c000001
	ds_load_u16_d16 v61, v1 offset:7712                         ; da981e20 3d000001
	ds_load_u16_d16_hi v61, v1 offset:7856                      ; da9c1eb0 3d000001
	ds_load_u16_d16 v62, v1 offset:8000                         ; da981f40 3e000001
	ds_load_u16_d16_hi v62, v1 offset:8144                      ; da9c1fd0 3e000001
	ds_load_u16_d16 v63, v1 offset:8288                         ; da982060 3f000001
	ds_load_u16_d16_hi v63, v1 offset:8432                      ; da9c20f0 3f000001
	ds_load_u16_d16 v64, v1 offset:7456                         ; da981d20 40000001
	ds_load_u16_d16_hi v64, v1 offset:7600                      ; da9c1db0 40000001
	ds_load_u16_d16 v65, v1 offset:7744                         ; da981e40 41000001
	ds_load_u16_d16_hi v65, v1 offset:7888                      ; da9c1ed0 41000001
	ds_load_u16_d16 v66, v1 offset:8032                         ; da981f60 42000001
	ds_load_u16_d16_hi v66, v1 offset:8176                      ; da9c1ff0 42000001
	ds_load_u16_d16 v67, v1 offset:8320                         ; da982080 43000001
	ds_load_u16_d16_hi v67, v1 offset:8464                      ; da9c2110 43000001
	s_wait_alu 0xffe3                                           ; bf88ffe3
	s_barrier_signal -1                                         ; be804ec1
	s_barrier_wait 0xffff                                       ; bf94ffff
	s_add_co_u32 s9, s9, 32                                     ; 8009a009
	s_wait_dscnt 0x1c                                           ; bfc6001c
	v_wmma_f32_16x16x16_f16 v[8:15], v[4:7], v[44:47], v[8:15]  ; cc404008 1c225904
	v_wmma_f32_16x16x16_f16 v[24:31], v[40:43], v[44:47], v[24:31] ; cc404018 1c625928
	s_wait_dscnt 0x14                                           ; bfc60014
	v_wmma_f32_16x16x16_f16 v[32:39], v[40:43], v[48:51], v[32:39] ; cc404020 1c826128
	v_wmma_f32_16x16x16_f16 v[16:23], v[4:7], v[48:51], v[16:23] ; cc404010 1c426104
	s_wait_dscnt 0x8                                            ; bfc60008
	v_wmma_f32_16x16x16_f16 v[8:15], v[52:55], v[60:63], v[8:15] ; cc404008 1c227934
	v_wmma_f32_16x16x16_f16 v[24:31], v[56:59], v[60:63], v[24:31] ; cc404018 1c627938
	s_wait_dscnt 0x0                                            ; bfc60000
	v_wmma_f32_16x16x16_f16 v[16:23], v[52:55], v[64:67], v[16:23] ; cc404010 1c428134
	v_wmma_f32_16x16x16_f16 v[32:39], v[56:59], v[64:67], v[32:39] ; cc404020 1c828138
	s_branch BB1                                                ; bfa0fe63
BB70:
	s_add_co_u32 s1, s8, 64                                     ; 8001c008
	s_add_co_u32 s5, s7, 64                                     ; 8005c007
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_cmp_lt_u32 s3, s5                                         ; bf0a0503
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(SKIP_3) | instid1(SALU_CYCLE_1) ; bf8704c9
	s_mov_b32 s9, src_scc                                       ; be8900fd
	s_cmp_lt_u32 s4, s1                                         ; bf0a0104
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_or_b32 s9, s9, src_scc                                    ; 8c09fd09
	s_mov_b32 s10, src_scc                                      ; be8a00fd
	s_bfe_u32 s11, ttmp8, 0x4001a                               ; 930bff74 0004001a
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_lshl_b32 s11, s11, 5                                      ; 840b850b
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_add_co_u32 s7, s7, s11                                    ; 80070b07
	s_lshl_b32 s6, s6, 5                                        ; 84068506
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_add_co_u32 s8, s8, s6                                     ; 80080608
	s_cmp_lg_i32 s10, 0                                         ; bf01800a
	s_cbranch_scc1 BB72                                         ; bfa2005b
BB71:
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mul_i32 s1, s7, s4                                        ; 96010407
	s_mov_b32 s5, src_scc                                       ; be8500fd
	s_add_co_u32 s1, s1, s8                                     ; 80010801
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_and_b32_e32 v0, 15, v0                                    ; 3600008f
	v_lshlrev_b32_e32 v1, 3, v1                                 ; 30020283
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_nc_u32_e32 v4, 2, v1                                  ; 4a080282
	v_add_nc_u32_e32 v6, 4, v1                                  ; 4a0c0284
	v_add_nc_u32_e32 v5, 3, v1                                  ; 4a0a0283
	v_mul_lo_u32 v2, v1, s4                                     ; d72c0002 00000901
	v_add_nc_u32_e32 v3, 1, v1                                  ; 4a060281
	v_mul_lo_u32 v4, v4, s4                                     ; d72c0004 00000904
	v_mul_lo_u32 v6, v6, s4                                     ; d72c0006 00000906
	v_add_nc_u32_e32 v7, 5, v1                                  ; 4a0e0285
	v_mul_lo_u32 v5, v5, s4                                     ; d72c0005 00000905
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	v_add3_u32 v2, v0, s1, v2                                   ; d6550002 04080300
	v_add_nc_u32_e32 v40, 6, v1                                 ; 4a500286
	v_add3_u32 v4, v0, s1, v4                                   ; d6550004 04100300
	v_mul_lo_u32 v7, v7, s4                                     ; d72c0007 00000907
	v_add3_u32 v6, v0, s1, v6                                   ; d6550006 04180300
	v_add_nc_u32_e32 v1, 7, v1                                  ; 4a020287
	v_add3_u32 v5, v0, s1, v5                                   ; d6550005 04140300
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_mul_lo_u32 v40, v40, s4                                   ; d72c0028 00000928
	v_lshlrev_b32_e32 v4, 2, v4                                 ; 30080882
	v_add3_u32 v3, v0, s1, v3                                   ; d6550003 040c0300
	v_lshlrev_b32_e32 v6, 2, v6                                 ; 300c0c82
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	v_add3_u32 v7, v0, s1, v7                                   ; d6550007 041c0300
	v_lshlrev_b32_e32 v5, 2, v5                                 ; 300a0a82
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	v_add3_u32 v40, v0, s1, v40                                 ; d6550028 04a00300
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_1) | instid1(VALU_DEP_3) ; bf8701a4
	v_lshlrev_b32_e32 v7, 2, v7                                 ; 300e0e82
	v_add3_u32 v0, v0, s1, v1                                   ; d6550000 04040300
	v_lshlrev_b32_e32 v40, 2, v40                               ; 30505082
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_lshlrev_b32_e32 v0, 2, v0                                 ; 30000082
	s_wait_kmcnt 0x0                                            ; bfc70000
	s_clause 0x7                                                ; bf850007
	buffer_store_b32 v8, v2, s[12:15], null offen               ; c406807c 40801808 00000002
	buffer_store_b32 v9, v3, s[12:15], null offen               ; c406807c 40801809 00000003
	buffer_store_b32 v10, v4, s[12:15], null offen              ; c406807c 4080180a 00000004
	buffer_store_b32 v11, v5, s[12:15], null offen              ; c406807c 4080180b 00000005
	buffer_store_b32 v12, v6, s[12:15], null offen              ; c406807c 4080180c 00000006
	buffer_store_b32 v13, v7, s[12:15], null offen              ; c406807c 4080180d 00000007
	buffer_store_b32 v14, v40, s[12:15], null offen             ; c406807c 4080180e 00000028
	buffer_store_b32 v15, v0, s[12:15], null offen              ; c406807c 4080180f 00000000
	s_mov_b32 s1, s5                                            ; be810005
	s_branch BB121                                              ; bfa00118
BB72:
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mov_b32 s1, src_scc                                       ; be8100fd
	s_lshl_b32 s5, s0, 10                                       ; 84058a00
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1) ; bf8700a1
	v_and_b32_e32 v2, 15, v0                                    ; 3604008f
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_lshl_add_u32 v3, v1, 7, v2                                ; d6460003 04090f01
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_lshl_add_u32 v3, v3, 2, s5                                ; d6460003 00150503
	v_add_nc_u32_e32 v3, 0x2400, v3                             ; 4a0606ff 00002400
	ds_store_2addr_b32 v3, v8, v9 offset0:128 offset1:144       ; d8389080 00090803
	ds_store_2addr_b32 v3, v10, v11 offset0:160 offset1:176     ; d838b0a0 000b0a03
	ds_store_2addr_b32 v3, v12, v13 offset0:192 offset1:208     ; d838d0c0 000d0c03
	ds_store_2addr_b32 v3, v14, v15 offset0:224 offset1:240     ; d838f0e0 000f0e03
	s_wait_alu 0xffe3                                           ; bf88ffe3
	s_barrier_signal -1                                         ; be804ec1
	s_barrier_wait 0xffff                                       ; bf94ffff
	v_add_nc_u32_e32 v2, s8, v2                                 ; 4a040408
	v_add_nc_u32_e32 v1, s7, v1                                 ; 4a020207
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s6, s4, v2                                 ; d44c0006 00020404
	v_cmp_gt_u32_e32 vcc_lo, s3, v1                             ; 7c980203
	s_and_b32 exec_lo, vcc_lo, s6                               ; 8b7e066a
	s_lshl_b32 s9, s0, 8                                        ; 84098800
	s_cbranch_execz BB78                                        ; bfa50013
BB73:
	s_wait_alu 0xfffe                                           ; bf88fffe
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:9728                              ; d8d82600 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v1, v1, v2, 2                                ; d6470001 020a0501
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v1, s[12:15], null offen               ; c406807c 40801803 00000001
BB78:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 32, v0                                 ; 4a0200a0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s8, v1                                 ; 4a020208
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB84                                        ; bfa50012
BB79:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:9856                              ; d8d82680 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
BB84:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 64, v0                                 ; 4a0200c0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s8, v1                                 ; 4a020208
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB90                                        ; bfa50012
BB85:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:9984                              ; d8d82700 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
BB90:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0x60, v0                               ; 4a0200ff 00000060
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s8, v1                                 ; 4a020208
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB96                                        ; bfa50012
BB91:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:10112                             ; d8d82780 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
BB96:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0x80, v0                               ; 4a0200ff 00000080
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s8, v1                                 ; 4a020208
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB102                                       ; bfa50012
BB97:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:10240                             ; d8d82800 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
BB102:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0xa0, v0                               ; 4a0200ff 000000a0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s8, v1                                 ; 4a020208
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB108                                       ; bfa50012
BB103:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:10368                             ; d8d82880 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
BB108:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0xc0, v0                               ; 4a0200ff 000000c0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s8, v1                                 ; 4a020208
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB114                                       ; bfa50012
BB109:
	v_add_lshl_u32 v3, s9, v0, 2                                ; d6470003 020a0009
	ds_load_b32 v3, v3 offset:10496                             ; d8d82900 03000003
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
BB114:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v1, 0xe0, v0                               ; 4a0200ff 000000e0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v2, 4, v1                                 ; 32040284
	v_and_b32_e32 v1, 15, v1                                    ; 3602028f
	v_add_nc_u32_e32 v2, s7, v2                                 ; 4a040407
	v_add_nc_u32_e32 v1, s8, v1                                 ; 4a020208
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e32 vcc_lo, s3, v2                             ; 7c980403
	v_cmp_gt_u32_e64 s5, s4, v1                                 ; d44c0005 00020204
	s_and_b32 exec_lo, vcc_lo, s5                               ; 8b7e056a
	s_cbranch_execz BB120                                       ; bfa50012
BB115:
	v_add_lshl_u32 v0, s9, v0, 2                                ; d6470000 020a0009
	ds_load_b32 v0, v0 offset:10624                             ; d8d82980 00000000
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v0, v2, s[12:15], null offen               ; c406807c 40801800 00000002
BB120:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_wait_alu 0xffe3                                           ; bf88ffe3
	s_barrier_signal -1                                         ; be804ec1
	s_barrier_wait 0xffff                                       ; bf94ffff
BB121:
	s_add_co_u32 s5, s8, 16                                     ; 80059008
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_cmp_lg_i32 s1, 0                                          ; bf018001
	s_cbranch_scc1 BB123                                        ; bfa2005c
BB122:
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mul_i32 s1, s7, s4                                        ; 96010407
	s_mov_b32 s6, src_scc                                       ; be8600fd
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_add_co_u32 s1, s1, s5                                     ; 80010501
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_and_b32_e32 v0, 15, v0                                    ; 3600008f
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870092
	v_lshlrev_b32_e32 v1, 3, v1                                 ; 30020283
	v_add_nc_u32_e32 v4, 2, v1                                  ; 4a080282
	v_add_nc_u32_e32 v6, 4, v1                                  ; 4a0c0284
	v_add_nc_u32_e32 v5, 3, v1                                  ; 4a0a0283
	v_mul_lo_u32 v2, v1, s4                                     ; d72c0002 00000901
	v_add_nc_u32_e32 v3, 1, v1                                  ; 4a060281
	v_mul_lo_u32 v4, v4, s4                                     ; d72c0004 00000904
	v_mul_lo_u32 v6, v6, s4                                     ; d72c0006 00000906
	v_add_nc_u32_e32 v7, 5, v1                                  ; 4a0e0285
	v_mul_lo_u32 v5, v5, s4                                     ; d72c0005 00000905
	v_mul_lo_u32 v3, v3, s4                                     ; d72c0003 00000903
	s_wait_alu 0xfffe                                           ; bf88fffe
	v_add3_u32 v2, v0, s1, v2                                   ; d6550002 04080300
	v_add_nc_u32_e32 v8, 6, v1                                  ; 4a100286
	v_add3_u32 v4, v0, s1, v4                                   ; d6550004 04100300
	v_mul_lo_u32 v7, v7, s4                                     ; d72c0007 00000907
	v_add3_u32 v6, v0, s1, v6                                   ; d6550006 04180300
	v_add_nc_u32_e32 v1, 7, v1                                  ; 4a020287
	v_add3_u32 v5, v0, s1, v5                                   ; d6550005 04140300
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_mul_lo_u32 v8, v8, s4                                     ; d72c0008 00000908
	v_lshlrev_b32_e32 v4, 2, v4                                 ; 30080882
	v_add3_u32 v3, v0, s1, v3                                   ; d6550003 040c0300
	v_lshlrev_b32_e32 v6, 2, v6                                 ; 300c0c82
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	v_add3_u32 v7, v0, s1, v7                                   ; d6550007 041c0300
	v_lshlrev_b32_e32 v5, 2, v5                                 ; 300a0a82
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	v_add3_u32 v8, v0, s1, v8                                   ; d6550008 04200300
	s_delay_alu instid0(VALU_DEP_4) | instskip(SKIP_1) | instid1(VALU_DEP_3) ; bf8701a4
	v_lshlrev_b32_e32 v7, 2, v7                                 ; 300e0e82
	v_add3_u32 v0, v0, s1, v1                                   ; d6550000 04040300
	v_lshlrev_b32_e32 v8, 2, v8                                 ; 30101082
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_lshlrev_b32_e32 v0, 2, v0                                 ; 30000082
	s_wait_kmcnt 0x0                                            ; bfc70000
	s_clause 0x7                                                ; bf850007
	buffer_store_b32 v16, v2, s[12:15], null offen              ; c406807c 40801810 00000002
	buffer_store_b32 v17, v3, s[12:15], null offen              ; c406807c 40801811 00000003
	buffer_store_b32 v18, v4, s[12:15], null offen              ; c406807c 40801812 00000004
	buffer_store_b32 v19, v5, s[12:15], null offen              ; c406807c 40801813 00000005
	buffer_store_b32 v20, v6, s[12:15], null offen              ; c406807c 40801814 00000006
	buffer_store_b32 v21, v7, s[12:15], null offen              ; c406807c 40801815 00000007
	buffer_store_b32 v22, v8, s[12:15], null offen              ; c406807c 40801816 00000008
	buffer_store_b32 v23, v0, s[12:15], null offen              ; c406807c 40801817 00000000
	s_mov_b32 s1, s6                                            ; be810006
	s_branch BB172                                              ; bfa00118
BB123:
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mov_b32 s1, src_scc                                       ; be8100fd
	s_lshl_b32 s6, s0, 10                                       ; 84068a00
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1) ; bf8700a1
	v_and_b32_e32 v2, 15, v0                                    ; 3604008f
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_lshl_add_u32 v3, v1, 7, v2                                ; d6460003 04090f01
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_lshl_add_u32 v3, v3, 2, s6                                ; d6460003 00190503
	v_add_nc_u32_e32 v3, 0x2400, v3                             ; 4a0606ff 00002400
	ds_store_2addr_b32 v3, v16, v17 offset0:128 offset1:144     ; d8389080 00111003
	ds_store_2addr_b32 v3, v18, v19 offset0:160 offset1:176     ; d838b0a0 00131203
	ds_store_2addr_b32 v3, v20, v21 offset0:192 offset1:208     ; d838d0c0 00151403
	ds_store_2addr_b32 v3, v22, v23 offset0:224 offset1:240     ; d838f0e0 00171603
	s_wait_alu 0xffe3                                           ; bf88ffe3
	s_barrier_signal -1                                         ; be804ec1
	s_barrier_wait 0xffff                                       ; bf94ffff
	v_add_nc_u32_e32 v2, s5, v2                                 ; 4a040405
	v_add_nc_u32_e32 v1, s7, v1                                 ; 4a020207
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s9, s4, v2                                 ; d44c0009 00020404
	v_cmp_gt_u32_e32 vcc_lo, s3, v1                             ; 7c980203
	s_and_b32 exec_lo, vcc_lo, s9                               ; 8b7e096a
	s_lshl_b32 s10, s0, 8                                       ; 840a8800
	s_cbranch_execz BB129                                       ; bfa50013
BB124:
	s_wait_alu 0xfffe                                           ; bf88fffe
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:9728                              ; d8d82600 03000003
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4004306 f8000020
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v1, v1, v2, 2                                ; d6470001 020a0501
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v1, s[12:15], null offen               ; c406807c 40801803 00000001
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
	v_cmp_gt_u32_e64 s6, s4, v1                                 ; d44c0006 00020204
	s_and_b32 exec_lo, vcc_lo, s6                               ; 8b7e066a
	s_cbranch_execz BB135                                       ; bfa50012
BB130:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:9856                              ; d8d82680 03000003
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4004306 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
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
	v_cmp_gt_u32_e64 s6, s4, v1                                 ; d44c0006 00020204
	s_and_b32 exec_lo, vcc_lo, s6                               ; 8b7e066a
	s_cbranch_execz BB141                                       ; bfa50012
BB136:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:9984                              ; d8d82700 03000003
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4004306 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
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
	v_cmp_gt_u32_e64 s6, s4, v1                                 ; d44c0006 00020204
	s_and_b32 exec_lo, vcc_lo, s6                               ; 8b7e066a
	s_cbranch_execz BB147                                       ; bfa50012
BB142:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:10112                             ; d8d82780 03000003
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4004306 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
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
	v_cmp_gt_u32_e64 s6, s4, v1                                 ; d44c0006 00020204
	s_and_b32 exec_lo, vcc_lo, s6                               ; 8b7e066a
	s_cbranch_execz BB153                                       ; bfa50012
BB148:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:10240                             ; d8d82800 03000003
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4004306 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
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
	v_cmp_gt_u32_e64 s6, s4, v1                                 ; d44c0006 00020204
	s_and_b32 exec_lo, vcc_lo, s6                               ; 8b7e066a
	s_cbranch_execz BB159                                       ; bfa50012
BB154:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:10368                             ; d8d82880 03000003
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4004306 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
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
	v_cmp_gt_u32_e64 s6, s4, v1                                 ; d44c0006 00020204
	s_and_b32 exec_lo, vcc_lo, s6                               ; 8b7e066a
	s_cbranch_execz BB165                                       ; bfa50012
BB160:
	v_add_lshl_u32 v3, s10, v0, 2                               ; d6470003 020a000a
	ds_load_b32 v3, v3 offset:10496                             ; d8d82900 03000003
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4004306 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v2, s[12:15], null offen               ; c406807c 40801803 00000002
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
	v_cmp_gt_u32_e64 s6, s4, v1                                 ; d44c0006 00020204
	s_and_b32 exec_lo, vcc_lo, s6                               ; 8b7e066a
	s_cbranch_execz BB171                                       ; bfa50012
BB166:
	v_add_lshl_u32 v0, s10, v0, 2                               ; d6470000 020a000a
	ds_load_b32 v0, v0 offset:10624                             ; d8d82980 00000000
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v2, v2, s4                                     ; d72c0002 00000902
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v2, v2, v1, 2                                ; d6470002 020a0302
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v0, v2, s[12:15], null offen               ; c406807c 40801800 00000002
BB171:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_wait_alu 0xffe3                                           ; bf88ffe3
	s_barrier_signal -1                                         ; be804ec1
	s_barrier_wait 0xffff                                       ; bf94ffff
BB172:
	s_add_co_u32 s7, s7, 16                                     ; 80079007
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_cmp_lg_i32 s1, 0                                          ; bf018001
	s_cbranch_scc1 BB174                                        ; bfa2008a
BB173:
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_load_b128 s[0:3], s[2:3], 0x20                            ; f4004001 f8000020
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_mul_i32 s7, s7, s4                                        ; 96070407
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_add_co_u32 s8, s7, s8                                     ; 80080807
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_and_b32_e32 v0, 15, v0                                    ; 3600008f
	v_lshlrev_b32_e32 v1, 3, v1                                 ; 30020283
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_nc_u32_e32 v10, 4, v1                                 ; 4a140284
	v_add_nc_u32_e32 v8, 3, v1                                  ; 4a100283
	v_mul_lo_u32 v2, v1, s4                                     ; d72c0002 00000901
	v_add_nc_u32_e32 v4, 1, v1                                  ; 4a080281
	v_add_nc_u32_e32 v6, 2, v1                                  ; 4a0c0282
	v_mul_lo_u32 v10, v10, s4                                   ; d72c000a 0000090a
	v_mul_lo_u32 v8, v8, s4                                     ; d72c0008 00000908
	v_add_nc_u32_e32 v12, 5, v1                                 ; 4a180285
	v_mul_lo_u32 v4, v4, s4                                     ; d72c0004 00000904
	v_mul_lo_u32 v6, v6, s4                                     ; d72c0006 00000906
	s_wait_alu 0xfffe                                           ; bf88fffe
	v_add3_u32 v3, v0, s8, v2                                   ; d6550003 04081100
	v_add_nc_u32_e32 v14, 6, v1                                 ; 4a1c0286
	v_add3_u32 v11, v0, s8, v10                                 ; d655000b 04281100
	v_mul_lo_u32 v12, v12, s4                                   ; d72c000c 0000090c
	v_add3_u32 v9, v0, s8, v8                                   ; d6550009 04201100
	v_add_nc_u32_e32 v1, 7, v1                                  ; 4a020287
	v_add3_u32 v5, v0, s8, v4                                   ; d6550005 04101100
	v_lshlrev_b32_e32 v3, 2, v3                                 ; 30060682
	v_mul_lo_u32 v14, v14, s4                                   ; d72c000e 0000090e
	v_add3_u32 v7, v0, s8, v6                                   ; d6550007 04181100
	v_lshlrev_b32_e32 v11, 2, v11                               ; 30161682
	s_add_co_u32 s7, s7, s5                                     ; 80070507
	v_lshlrev_b32_e32 v9, 2, v9                                 ; 30121282
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	v_add3_u32 v13, v0, s8, v12                                 ; d655000d 04301100
	v_lshlrev_b32_e32 v5, 2, v5                                 ; 300a0a82
	s_wait_alu 0xfffe                                           ; bf88fffe
	v_add3_u32 v8, v0, s7, v8                                   ; d6550008 04200f00
	v_add3_u32 v6, v0, s7, v6                                   ; d6550006 04180f00
	v_add3_u32 v4, v0, s7, v4                                   ; d6550004 04100f00
	v_add3_u32 v2, v0, s7, v2                                   ; d6550002 04080f00
	v_lshlrev_b32_e32 v7, 2, v7                                 ; 300e0e82
	v_add3_u32 v15, v0, s8, v14                                 ; d655000f 04381100
	v_add3_u32 v10, v0, s7, v10                                 ; d655000a 04280f00
	v_add3_u32 v12, v0, s7, v12                                 ; d655000c 04300f00
	v_add3_u32 v14, v0, s7, v14                                 ; d655000e 04380f00
	v_lshlrev_b32_e32 v13, 2, v13                               ; 301a1a82
	v_lshlrev_b32_e32 v8, 2, v8                                 ; 30101082
	v_add3_u32 v16, v0, s8, v1                                  ; d6550010 04041100
	v_add3_u32 v0, v0, s7, v1                                   ; d6550000 04040f00
	v_lshlrev_b32_e32 v6, 2, v6                                 ; 300c0c82
	v_lshlrev_b32_e32 v4, 2, v4                                 ; 30080882
	v_lshlrev_b32_e32 v2, 2, v2                                 ; 30040482
	v_lshlrev_b32_e32 v15, 2, v15                               ; 301e1e82
	v_lshlrev_b32_e32 v10, 2, v10                               ; 30141482
	v_lshlrev_b32_e32 v12, 2, v12                               ; 30181882
	v_lshlrev_b32_e32 v14, 2, v14                               ; 301c1c82
	v_lshlrev_b32_e32 v16, 2, v16                               ; 30202082
	v_lshlrev_b32_e32 v0, 2, v0                                 ; 30000082
	s_wait_kmcnt 0x0                                            ; bfc70000
	s_clause 0xf                                                ; bf85000f
	buffer_store_b32 v24, v3, s[0:3], null offen                ; c406807c 40800018 00000003
	buffer_store_b32 v25, v5, s[0:3], null offen                ; c406807c 40800019 00000005
	buffer_store_b32 v26, v7, s[0:3], null offen                ; c406807c 4080001a 00000007
	buffer_store_b32 v27, v9, s[0:3], null offen                ; c406807c 4080001b 00000009
	buffer_store_b32 v28, v11, s[0:3], null offen               ; c406807c 4080001c 0000000b
	buffer_store_b32 v29, v13, s[0:3], null offen               ; c406807c 4080001d 0000000d
	buffer_store_b32 v30, v15, s[0:3], null offen               ; c406807c 4080001e 0000000f
	buffer_store_b32 v31, v16, s[0:3], null offen               ; c406807c 4080001f 00000010
	buffer_store_b32 v32, v2, s[0:3], null offen                ; c406807c 40800020 00000002
	buffer_store_b32 v33, v4, s[0:3], null offen                ; c406807c 40800021 00000004
	buffer_store_b32 v34, v6, s[0:3], null offen                ; c406807c 40800022 00000006
	buffer_store_b32 v35, v8, s[0:3], null offen                ; c406807c 40800023 00000008
	buffer_store_b32 v36, v10, s[0:3], null offen               ; c406807c 40800024 0000000a
	buffer_store_b32 v37, v12, s[0:3], null offen               ; c406807c 40800025 0000000c
	buffer_store_b32 v38, v14, s[0:3], null offen               ; c406807c 40800026 0000000e
	buffer_store_b32 v39, v0, s[0:3], null offen                ; c406807c 40800027 00000000
	s_branch BB271                                              ; bfa001eb
BB174:
	v_mbcnt_lo_u32_b32 v0, -1, 0                                ; d71f0000 000100c1
	s_lshl_b32 s1, s0, 10                                       ; 84018a00
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1) ; bf8700a1
	v_and_b32_e32 v2, 15, v0                                    ; 3604008f
	v_lshrrev_b32_e32 v1, 4, v0                                 ; 32020084
	v_lshl_add_u32 v3, v1, 7, v2                                ; d6460003 04090f01
	s_wait_alu 0xfffe                                           ; bf88fffe
	s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870091
	v_lshl_add_u32 v3, v3, 2, s1                                ; d6460003 00050503
	v_add_nc_u32_e32 v3, 0x2400, v3                             ; 4a0606ff 00002400
	ds_store_2addr_b32 v3, v24, v25 offset0:128 offset1:144     ; d8389080 00191803
	ds_store_2addr_b32 v3, v26, v27 offset0:160 offset1:176     ; d838b0a0 001b1a03
	ds_store_2addr_b32 v3, v28, v29 offset0:192 offset1:208     ; d838d0c0 001d1c03
	ds_store_2addr_b32 v3, v30, v31 offset0:224 offset1:240     ; d838f0e0 001f1e03
	s_wait_alu 0xffe3                                           ; bf88ffe3
	s_barrier_signal -1                                         ; be804ec1
	s_barrier_wait 0xffff                                       ; bf94ffff
	v_add_nc_u32_e32 v4, s8, v2                                 ; 4a080408
	v_add_nc_u32_e32 v1, s7, v1                                 ; 4a020207
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s6, s4, v4                                 ; d44c0006 00020804
	v_cmp_gt_u32_e32 vcc_lo, s3, v1                             ; 7c980203
	s_and_b32 exec_lo, vcc_lo, s6                               ; 8b7e066a
	s_lshl_b32 s0, s0, 8                                        ; 84008800
	s_cbranch_execz BB180                                       ; bfa50013
BB175:
	s_wait_alu 0xfffe                                           ; bf88fffe
	v_add_lshl_u32 v5, s0, v0, 2                                ; d6470005 020a0000
	ds_load_b32 v5, v5 offset:9728                              ; d8d82600 05000005
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v6, v1, s4                                     ; d72c0006 00000901
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v6, v6, v4, 2                                ; d6470006 020a0906
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v5, v6, s[12:15], null offen               ; c406807c 40801805 00000006
BB180:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v4, 32, v0                                 ; 4a0800a0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v5, 4, v4                                 ; 320a0884
	v_and_b32_e32 v4, 15, v4                                    ; 3608088f
	v_add_nc_u32_e32 v5, s7, v5                                 ; 4a0a0a07
	v_add_nc_u32_e32 v6, s8, v4                                 ; 4a0c0808
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s1, s3, v5                                 ; d44c0001 00020a03
	v_cmp_gt_u32_e64 s6, s4, v6                                 ; d44c0006 00020c04
	s_and_b32 exec_lo, s1, s6                                   ; 8b7e0601
	s_cbranch_execz BB186                                       ; bfa50012
BB181:
	v_add_lshl_u32 v7, s0, v0, 2                                ; d6470007 020a0000
	ds_load_b32 v7, v7 offset:9856                              ; d8d82680 07000007
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v8, v5, s4                                     ; d72c0008 00000905
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v8, v8, v6, 2                                ; d6470008 020a0d08
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v7, v8, s[12:15], null offen               ; c406807c 40801807 00000008
BB186:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v6, 64, v0                                 ; 4a0c00c0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v7, 4, v6                                 ; 320e0c84
	v_and_b32_e32 v6, 15, v6                                    ; 360c0c8f
	v_add_nc_u32_e32 v7, s7, v7                                 ; 4a0e0e07
	v_add_nc_u32_e32 v8, s8, v6                                 ; 4a100c08
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s6, s3, v7                                 ; d44c0006 00020e03
	v_cmp_gt_u32_e64 s9, s4, v8                                 ; d44c0009 00021004
	s_and_b32 exec_lo, s6, s9                                   ; 8b7e0906
	s_cbranch_execz BB192                                       ; bfa50012
BB187:
	v_add_lshl_u32 v9, s0, v0, 2                                ; d6470009 020a0000
	ds_load_b32 v9, v9 offset:9984                              ; d8d82700 09000009
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v10, v7, s4                                    ; d72c000a 00000907
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v10, v10, v8, 2                              ; d647000a 020a110a
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v9, v10, s[12:15], null offen              ; c406807c 40801809 0000000a
BB192:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v8, 0x60, v0                               ; 4a1000ff 00000060
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v9, 4, v8                                 ; 32121084
	v_and_b32_e32 v8, 15, v8                                    ; 3610108f
	v_add_nc_u32_e32 v9, s7, v9                                 ; 4a121207
	v_add_nc_u32_e32 v10, s8, v8                                ; 4a141008
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s9, s3, v9                                 ; d44c0009 00021203
	v_cmp_gt_u32_e64 s10, s4, v10                               ; d44c000a 00021404
	s_and_b32 exec_lo, s9, s10                                  ; 8b7e0a09
	s_cbranch_execz BB198                                       ; bfa50012
BB193:
	v_add_lshl_u32 v11, s0, v0, 2                               ; d647000b 020a0000
	ds_load_b32 v11, v11 offset:10112                           ; d8d82780 0b00000b
	s_mov_b32 s10, s2                                           ; be8a0002
	s_movk_i32 s11, 0x8000                                      ; b00b8000
	s_load_b128 s[12:15], s[10:11], 0x20                        ; f4004305 f8000020
	v_mul_lo_u32 v12, v9, s4                                    ; d72c000c 00000909
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v12, v12, v10, 2                             ; d647000c 020a150c
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v11, v12, s[12:15], null offen             ; c406807c 4080180b 0000000c
BB198:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v10, 0x80, v0                              ; 4a1400ff 00000080
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v11, 4, v10                               ; 32161484
	v_and_b32_e32 v10, 15, v10                                  ; 3614148f
	v_add_nc_u32_e32 v11, s7, v11                               ; 4a161607
	v_add_nc_u32_e32 v12, s8, v10                               ; 4a181408
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s10, s3, v11                               ; d44c000a 00021603
	v_cmp_gt_u32_e64 s11, s4, v12                               ; d44c000b 00021804
	s_and_b32 exec_lo, s10, s11                                 ; 8b7e0b0a
	s_cbranch_execz BB204                                       ; bfa50012
BB199:
	v_add_lshl_u32 v13, s0, v0, 2                               ; d647000d 020a0000
	ds_load_b32 v13, v13 offset:10240                           ; d8d82800 0d00000d
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4004306 f8000020
	v_mul_lo_u32 v14, v11, s4                                   ; d72c000e 0000090b
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v14, v14, v12, 2                             ; d647000e 020a190e
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v13, v14, s[12:15], null offen             ; c406807c 4080180d 0000000e
BB204:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v12, 0xa0, v0                              ; 4a1800ff 000000a0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v13, 4, v12                               ; 321a1884
	v_and_b32_e32 v12, 15, v12                                  ; 3618188f
	v_add_nc_u32_e32 v13, s7, v13                               ; 4a1a1a07
	v_add_nc_u32_e32 v14, s8, v12                               ; 4a1c1808
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s11, s3, v13                               ; d44c000b 00021a03
	v_cmp_gt_u32_e64 s12, s4, v14                               ; d44c000c 00021c04
	s_and_b32 exec_lo, s11, s12                                 ; 8b7e0c0b
	s_cbranch_execz BB210                                       ; bfa50012
BB205:
	v_add_lshl_u32 v15, s0, v0, 2                               ; d647000f 020a0000
	ds_load_b32 v15, v15 offset:10368                           ; d8d82880 0f00000f
	s_mov_b32 s12, s2                                           ; be8c0002
	s_movk_i32 s13, 0x8000                                      ; b00d8000
	s_load_b128 s[12:15], s[12:13], 0x20                        ; f4004306 f8000020
	v_mul_lo_u32 v16, v13, s4                                   ; d72c0010 0000090d
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v16, v16, v14, 2                             ; d6470010 020a1d10
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v15, v16, s[12:15], null offen             ; c406807c 4080180f 00000010
BB210:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v14, 0xc0, v0                              ; 4a1c00ff 000000c0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v15, 4, v14                               ; 321e1c84
	v_and_b32_e32 v14, 15, v14                                  ; 361c1c8f
	v_add_nc_u32_e32 v15, s7, v15                               ; 4a1e1e07
	v_add_nc_u32_e32 v16, s8, v14                               ; 4a201c08
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s12, s3, v15                               ; d44c000c 00021e03
	v_cmp_gt_u32_e64 s13, s4, v16                               ; d44c000d 00022004
	s_and_b32 exec_lo, s12, s13                                 ; 8b7e0d0c
	s_cbranch_execz BB216                                       ; bfa50012
BB211:
	v_add_lshl_u32 v17, s0, v0, 2                               ; d6470011 020a0000
	ds_load_b32 v17, v17 offset:10496                           ; d8d82900 11000011
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], 0x20                        ; f4004407 f8000020
	v_mul_lo_u32 v18, v15, s4                                   ; d72c0012 0000090f
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v18, v18, v16, 2                             ; d6470012 020a2112
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v17, v18, s[16:19], null offen             ; c406807c 40802011 00000012
BB216:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v16, 0xe0, v0                              ; 4a2000ff 000000e0
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_2) ; bf870121
	v_lshrrev_b32_e32 v17, 4, v16                               ; 32222084
	v_and_b32_e32 v16, 15, v16                                  ; 3620208f
	v_add_nc_u32_e32 v17, s7, v17                               ; 4a222207
	v_add_nc_u32_e32 v18, s8, v16                               ; 4a242008
	s_delay_alu instid0(VALU_DEP_2)                             ; bf870002
	v_cmp_gt_u32_e64 s3, s3, v17                                ; d44c0003 00022203
	v_cmp_gt_u32_e64 s7, s4, v18                                ; d44c0007 00022404
	s_and_b32 exec_lo, s3, s7                                   ; 8b7e0703
	s_cbranch_execz BB222                                       ; bfa50012
BB217:
	v_add_lshl_u32 v19, s0, v0, 2                               ; d6470013 020a0000
	ds_load_b32 v19, v19 offset:10624                           ; d8d82980 13000013
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], 0x20                        ; f4004407 f8000020
	v_mul_lo_u32 v20, v17, s4                                   ; d72c0014 00000911
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v20, v20, v18, 2                             ; d6470014 020a2514
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v19, v20, s[16:19], null offen             ; c406807c 40802013 00000014
BB222:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	s_wait_alu 0xffe3                                           ; bf88ffe3
	s_barrier_signal -1                                         ; be804ec1
	s_barrier_wait 0xffff                                       ; bf94ffff
	ds_store_2addr_b32 v3, v32, v33 offset0:128 offset1:144     ; d8389080 00212003
	ds_store_2addr_b32 v3, v34, v35 offset0:160 offset1:176     ; d838b0a0 00232203
	ds_store_2addr_b32 v3, v36, v37 offset0:192 offset1:208     ; d838d0c0 00252403
	ds_store_2addr_b32 v3, v38, v39 offset0:224 offset1:240     ; d838f0e0 00272603
	s_wait_alu 0xffe3                                           ; bf88ffe3
	s_barrier_signal -1                                         ; be804ec1
	s_barrier_wait 0xffff                                       ; bf94ffff
	v_add_nc_u32_e32 v2, s5, v2                                 ; 4a040405
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e64 s7, s4, v2                                 ; d44c0007 00020404
	s_and_b32 exec_lo, vcc_lo, s7                               ; 8b7e076a
	s_cbranch_execz BB228                                       ; bfa50012
BB223:
	v_add_lshl_u32 v3, s0, v0, 2                                ; d6470003 020a0000
	ds_load_b32 v3, v3 offset:9728                              ; d8d82600 03000003
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], 0x20                        ; f4004407 f8000020
	v_mul_lo_u32 v1, v1, s4                                     ; d72c0001 00000901
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v1, v1, v2, 2                                ; d6470001 020a0501
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v3, v1, s[16:19], null offen               ; c406807c 40802003 00000001
BB228:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v4, s5, v4                                 ; 4a080805
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v4                             ; 7c980804
	s_and_b32 exec_lo, s1, vcc_lo                               ; 8b7e6a01
	s_cbranch_execz BB234                                       ; bfa50012
BB229:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:9856                              ; d8d82680 01000001
	s_mov_b32 s14, s2                                           ; be8e0002
	s_movk_i32 s15, 0x8000                                      ; b00f8000
	s_load_b128 s[16:19], s[14:15], 0x20                        ; f4004407 f8000020
	v_mul_lo_u32 v5, v5, s4                                     ; d72c0005 00000905
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v5, v5, v4, 2                                ; d6470005 020a0905
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v1, v5, s[16:19], null offen               ; c406807c 40802001 00000005
BB234:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v6, s5, v6                                 ; 4a0c0c05
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v6                             ; 7c980c04
	s_and_b32 exec_lo, s6, vcc_lo                               ; 8b7e6a06
	s_cbranch_execz BB240                                       ; bfa50012
BB235:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:9984                              ; d8d82700 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[16:19], s[6:7], 0x20                          ; f4004403 f8000020
	v_mul_lo_u32 v7, v7, s4                                     ; d72c0007 00000907
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v7, v7, v6, 2                                ; d6470007 020a0d07
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v1, v7, s[16:19], null offen               ; c406807c 40802001 00000007
BB240:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v8, s5, v8                                 ; 4a101005
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v8                             ; 7c981004
	s_and_b32 exec_lo, s9, vcc_lo                               ; 8b7e6a09
	s_cbranch_execz BB246                                       ; bfa50012
BB241:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:10112                             ; d8d82780 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[16:19], s[6:7], 0x20                          ; f4004403 f8000020
	v_mul_lo_u32 v9, v9, s4                                     ; d72c0009 00000909
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v9, v9, v8, 2                                ; d6470009 020a1109
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v1, v9, s[16:19], null offen               ; c406807c 40802001 00000009
BB246:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v10, s5, v10                               ; 4a141405
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v10                            ; 7c981404
	s_and_b32 exec_lo, s10, vcc_lo                              ; 8b7e6a0a
	s_cbranch_execz BB252                                       ; bfa50012
BB247:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:10240                             ; d8d82800 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[16:19], s[6:7], 0x20                          ; f4004403 f8000020
	v_mul_lo_u32 v11, v11, s4                                   ; d72c000b 0000090b
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v11, v11, v10, 2                             ; d647000b 020a150b
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v1, v11, s[16:19], null offen              ; c406807c 40802001 0000000b
BB252:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v12, s5, v12                               ; 4a181805
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v12                            ; 7c981804
	s_and_b32 exec_lo, s11, vcc_lo                              ; 8b7e6a0b
	s_cbranch_execz BB258                                       ; bfa50012
BB253:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:10368                             ; d8d82880 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[8:11], s[6:7], 0x20                           ; f4004203 f8000020
	v_mul_lo_u32 v13, v13, s4                                   ; d72c000d 0000090d
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v13, v13, v12, 2                             ; d647000d 020a190d
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v1, v13, s[8:11], null offen               ; c406807c 40801001 0000000d
BB258:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v14, s5, v14                               ; 4a1c1c05
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v14                            ; 7c981c04
	s_and_b32 exec_lo, s12, vcc_lo                              ; 8b7e6a0c
	s_cbranch_execz BB264                                       ; bfa50012
BB259:
	v_add_lshl_u32 v1, s0, v0, 2                                ; d6470001 020a0000
	ds_load_b32 v1, v1 offset:10496                             ; d8d82900 01000001
	s_mov_b32 s6, s2                                            ; be860002
	s_movk_i32 s7, 0x8000                                       ; b0078000
	s_load_b128 s[8:11], s[6:7], 0x20                           ; f4004203 f8000020
	v_mul_lo_u32 v15, v15, s4                                   ; d72c000f 0000090f
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v15, v15, v14, 2                             ; d647000f 020a1d0f
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v1, v15, s[8:11], null offen               ; c406807c 40801001 0000000f
BB264:
	s_mov_b32 exec_lo, -1                                       ; befe00c1
	v_add_nc_u32_e32 v16, s5, v16                               ; 4a202005
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmp_gt_u32_e32 vcc_lo, s4, v16                            ; 7c982004
	s_and_b32 exec_lo, s3, vcc_lo                               ; 8b7e6a03
	s_cbranch_execz BB270                                       ; bfa50011
BB265:
	v_add_lshl_u32 v0, s0, v0, 2                                ; d6470000 020a0000
	ds_load_b32 v0, v0 offset:10624                             ; d8d82980 00000000
	s_movk_i32 s3, 0x8000                                       ; b0038000
	s_load_b128 s[0:3], s[2:3], 0x20                            ; f4004001 f8000020
	v_mul_lo_u32 v17, v17, s4                                   ; d72c0011 00000911
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_add_lshl_u32 v17, v17, v16, 2                             ; d6470011 020a2111
	s_wait_dscnt 0x0                                            ; bfc60000
	s_wait_kmcnt 0x0                                            ; bfc70000
	buffer_store_b32 v0, v17, s[0:3], null offen                ; c406807c 40800000 00000011
BB270:
	s_wait_alu 0xffe3                                           ; bf88ffe3
	s_barrier_signal -1                                         ; be804ec1
	s_barrier_wait 0xffff                                       ; bf94ffff
BB271:
	s_endpgm                                                    ; bfb00000
