BB0:
	s_mov_b64 exec, -1                                          ; befe01c1
	s_pack_hh_b32_b16 s2, s4, 0                                 ; 9a028004
	s_pack_ll_b32_b16 s4, s4, 0                                 ; 99048004
	s_mul_i32 s2, s2, s14                                       ; 96020e02
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_add_u32 s2, s2, s4                                        ; 80020402
	s_cmp_ge_u32 s2, s13                                        ; bf090d02
	s_cbranch_scc0 BB2                                          ; bfa10002
BB1:
	s_mov_b64 s[28:29], 0                                       ; be9c0180
	s_branch BB23                                               ; bfa00097
BB2:
	s_mov_b32 s3, s9                                            ; be830009
	s_movk_i32 s9, 0x8000                                       ; b0098000
	s_clause 0x1                                                ; bf850001
	s_load_b128 s[16:19], s[8:9], 0x10                          ; f4080404 f8000010
	s_load_b128 s[20:23], s[8:9], 0x50                          ; f4080504 f8000050
	v_cvt_f32_u32_e32 v1, s12                                   ; 7e020c0c
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_2) | instid1(VALU_DEP_1) ; bf8700b1
	v_rcp_f32_e32 v1, v1                                        ; 7e025501
	s_waitcnt_depctr 0xfff                                      ; bf880fff
	v_mul_f32_e32 v1, 0x4f7ffffe, v1                            ; 100202ff 4f7ffffe
	v_cvt_u32_f32_e32 v1, v1                                    ; 7e020f01
	s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1) ; bf8704a1
	v_readfirstlane_b32 s4, v1                                  ; 7e080501
	s_mul_i32 s6, s12, s4                                       ; 9606040c
	s_sub_i32 s6, 0, s6                                         ; 81860680
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_mul_hi_u32 s6, s4, s6                                     ; 96860604
	s_add_u32 s4, s4, s6                                        ; 80040604
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_mul_hi_u32 s4, s2, s4                                     ; 96840402
	s_mul_i32 s7, s4, s12                                       ; 96070c04
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_sub_i32 s2, s2, s7                                        ; 81820702
	s_sub_i32 s13, s2, s12                                      ; 818d0c02
	s_cmp_ge_u32 s2, s12                                        ; bf090c02
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_cselect_b32 s13, s13, s2                                  ; 980d020d
	s_sub_i32 s15, s13, s12                                     ; 818f0c0d
	s_cmp_ge_u32 s13, s12                                       ; bf090c0d
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_cselect_b32 s15, s15, s13                                 ; 980f0d0f
	s_lshl_b32 s15, s15, 4                                      ; 840f840f
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_buffer_load_b128 s[16:19], s[16:19], s15                  ; f4280408 1e000000
	s_add_u32 s25, s4, 1                                        ; 80198104
	s_cmp_ge_u32 s2, s12                                        ; bf090c02
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_cselect_b32 s25, s25, s4                                  ; 98190419
	s_add_u32 s26, s25, 1                                       ; 801a8119
	s_cmp_ge_u32 s13, s12                                       ; bf090c0d
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_cselect_b32 s26, s26, s25                                 ; 981a191a
	s_lshl_b32 s26, s26, 5                                      ; 841a851a
	s_clause 0x1                                                ; bf850001
	s_buffer_load_b128 s[12:15], s[20:23], s26                  ; f428030a 34000000
	s_buffer_load_b32 s26, s[20:23], s26 offset:0x10            ; f420068a 34000010
	v_mov_b32_e32 v1, v0                                        ; 7e020300
	s_mov_b64 s[6:7], exec                                      ; be86017e
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_min_u32 s27, s17, s19                                     ; 899b1311
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_cmp_eq_i32 s27, 0                                         ; bf00801b
	s_cselect_b32 s29, 0, s19                                   ; 981d1380
	s_cselect_b32 s28, 0, s17                                   ; 981c1180
BB3:
	v_cmpx_le_u32_e32 s17, v1                                   ; 7d960211
BB4:
	s_and_not1_b64 s[6:7], s[6:7], exec                         ; 91867e06
	s_cbranch_scc0 BB12                                         ; bfa10035
BB11:
	s_clause 0x1                                                ; bf850001
	s_load_b128 s[20:23], s[8:9], 0x30                          ; f4080504 f8000030
	s_load_b128 s[32:35], s[8:9], null                          ; f4080804 f8000000
	s_mov_b64 exec, s[6:7]                                      ; befe0106
	v_add_lshl_u32 v2, s16, v1, 2                               ; d6470002 020a0210
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_load_b32 v2, v2, s[20:23], 0 offen                   ; e0500000 80450202
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_lshlrev_b32_e32 v3, 4, v2                                 ; 30060484
	buffer_load_b96 v[4:6], v3, s[32:35], 0 offen               ; e0580000 80480403
	s_load_b128 s[20:23], s[0:1], 0xa0                          ; f4080500 f80000a0
	s_and_b32 s2, s5, 0x7fff                                    ; 8b02ff05 00007fff
	v_rcp_f32_e64 v7, s3 mul:2                                  ; d5aa0007 08000003
	v_rcp_f32_e64 v8, s10 mul:2                                 ; d5aa0008 0800000a
	v_rcp_f32_e32 v9, s11                                       ; 7e12540b
	v_lshlrev_b32_e32 v10, 4, v1                                ; 30140284
	v_mov_b32_e32 v11, 1.0                                      ; 7e1602f2
	v_add_nc_u32_e32 v2, s26, v2                                ; 4a04041a
	s_lshl_b32 s2, s2, 9                                        ; 84028902
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	s_or_b32 s21, s21, 0x100000                                 ; 8c15ff15 00100000
	buffer_store_b32 v2, v1, s[20:23], s2 idxen                 ; e0680000 02850201
	v_add_nc_u32_e32 v1, 64, v1                                 ; 4a0202c0
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_add_f32_e32 v4, s12, v4                                   ; 0608080c
	v_add_f32_e32 v5, s13, v5                                   ; 060a0a0d
	v_add_f32_e32 v6, s14, v6                                   ; 060c0c0e
	s_delay_alu instid0(VALU_DEP_3)                             ; bf870003
	v_fma_f32 v4, v4, v7, -1.0                                  ; d6130004 03ce0f04
	v_fma_f32 v5, v5, v8, -1.0                                  ; d6130005 03ce1105
	v_mul_f32_e32 v6, v6, v9                                    ; 100c1306
	ds_store_b32 v10, v4 offset:16                              ; d8340010 0000040a
	ds_store_b32 v10, v5 offset:20                              ; d8340014 0000050a
	ds_store_b32 v10, v6 offset:24                              ; d8340018 0000060a
	ds_store_b32 v10, v11 offset:28                             ; d834001c 00000b0a
	s_branch BB3                                                ; bfa0ffc8
BB12:
	s_mov_b64 exec, -1                                          ; befe01c1
	v_mov_b32_e32 v1, v0                                        ; 7e020300
	s_set_inst_prefetch_distance 0x2                            ; bf840002
BB13:
	s_mov_b64 s[0:1], exec                                      ; be80017e
	s_delay_alu instid0(VALU_DEP_1)                             ; bf870001
	v_cmpx_le_u32_e32 s19, v1                                   ; 7d960213
BB14:
	s_and_not1_b64 s[0:1], s[0:1], exec                         ; 91807e00
	s_cbranch_scc0 BB22                                         ; bfa10019
BB21:
	s_mov_b64 exec, s[0:1]                                      ; befe0100
	s_load_b128 s[0:3], s[8:9], 0x40                            ; f4080004 f8000040
	v_add_lshl_u32 v2, s18, v1, 2                               ; d6470002 020a0212
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	buffer_load_b32 v2, v2, s[0:3], 0 offen                     ; e0500000 80400202
	v_lshl_add_u32 v3, v1, 1, v1                                ; d6460003 04050301
	v_add_nc_u32_e32 v1, 64, v1                                 ; 4a0202c0
	s_waitcnt vmcnt(0)                                          ; bf8903f7
	v_perm_b32 v4, v4, v2, 0x7060500                            ; d6440004 03fe0504 07060500
	v_perm_b32 v5, v5, v2, 0x7060501                            ; d6440005 03fe0505 07060501
	ds_store_b8 v3, v4 offset:1040                              ; d8780410 00000403
	ds_store_b8 v3, v5 offset:1041                              ; d8780411 00000503
	ds_store_b8_d16_hi v3, v2 offset:1042                       ; da800412 00000203
	s_branch BB13                                               ; bfa0ffe2
BB22:
	s_set_inst_prefetch_distance 0x3                            ; bf840003
	s_mov_b64 exec, -1                                          ; befe01c1
BB23:
	s_lshl_b32 s0, s29, 12                                      ; 84008c1d
	s_delay_alu instid0(SALU_CYCLE_1) | instskip(NEXT) | instid1(SALU_CYCLE_1) ; bf870499
	s_or_b32 m0, s0, s28                                        ; 8c7d1c00
	s_sendmsg sendmsg(MSG_GS_ALLOC_REQ)                         ; bfb60009
	v_cmpx_gt_i32_e32 s28, v0                                   ; 7d88001c
	s_cbranch_execz BB29                                        ; bfa50007
BB24:
	v_lshlrev_b32_e32 v1, 4, v0                                 ; 30020084
	ds_load_b128 v[4:7], v1 offset:16                           ; dbfc0010 04000001
	s_mov_b32 m0, 0                                             ; befd0080
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	exp pos0 v4, v5, v6, v7 done row_en                         ; f80028cf 07060504
BB29:
	s_waitcnt expcnt(0)                                         ; bf89fff0
	s_mov_b64 exec, -1                                          ; befe01c1
	s_mov_b32 s0, 0                                             ; be800080
	s_mov_b64 s[2:3], exec                                      ; be82017e
	s_set_inst_prefetch_distance 0x2                            ; bf840002
	s_nop 0                                                     ; bf800000
	(then repeated 12 times)
BB30:
	s_waitcnt expcnt(0)                                         ; bf89fff0
	v_cmpx_le_u32_e32 s29, v0                                   ; 7d96001d
BB31:
	s_and_not1_b64 s[2:3], s[2:3], exec                         ; 91827e02
	s_cbranch_scc0 BB39                                         ; bfa1001b
BB38:
	s_mov_b64 exec, s[2:3]                                      ; befe0102
	v_lshl_add_u32 v1, v0, 1, v0                                ; d6460001 04010300
	ds_load_u8 v2, v1 offset:1040                               ; d8e80410 02000001
	ds_load_u8 v3, v1 offset:1041                               ; d8e80411 03000001
	ds_load_u8 v1, v1 offset:1042                               ; d8e80412 01000001
	s_add_u32 s1, s28, -1                                       ; 8001c11c
	s_mov_b32 m0, s0                                            ; befd0000
	s_add_u32 s0, s0, 1                                         ; 80008100
	v_add_nc_u32_e32 v0, 64, v0                                 ; 4a0000c0
	s_waitcnt lgkmcnt(2)                                        ; bf89fc27
	v_min_u32_e32 v2, s1, v2                                    ; 26040401
	s_waitcnt lgkmcnt(1)                                        ; bf89fc17
	v_min_u32_e32 v3, s1, v3                                    ; 26060601
	s_waitcnt lgkmcnt(0)                                        ; bf89fc07
	v_min_u32_e32 v1, s1, v1                                    ; 26020201
	s_delay_alu instid0(VALU_DEP_2) | instskip(NEXT) | instid1(VALU_DEP_1) ; bf870092
	v_lshl_or_b32 v3, v3, 10, v2                                ; d6560003 04091503
	v_lshl_or_b32 v1, v1, 20, v3                                ; d6560001 040d2901
	exp prim v1, off, off, off done row_en                      ; f8002941 80808001
	s_branch BB30                                               ; bfa0ffe1
BB39:
	s_set_inst_prefetch_distance 0x3                            ; bf840003
	s_nop 0                                                     ; bf800000
	s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)                        ; bfb60003
	s_endpgm                                                    ; bfb00000
