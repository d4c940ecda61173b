// expect: crate-hygiene/large-files
// A file over the 600-line limit: one concern per file keeps it smaller.

pub fn step000(x: u64) -> u64 {
    x.wrapping_mul(3).rotate_left(1)
}

pub fn step001(x: u64) -> u64 {
    x.wrapping_mul(4).rotate_left(2)
}

pub fn step002(x: u64) -> u64 {
    x.wrapping_mul(5).rotate_left(3)
}

pub fn step003(x: u64) -> u64 {
    x.wrapping_mul(6).rotate_left(4)
}

pub fn step004(x: u64) -> u64 {
    x.wrapping_mul(7).rotate_left(5)
}

pub fn step005(x: u64) -> u64 {
    x.wrapping_mul(8).rotate_left(6)
}

pub fn step006(x: u64) -> u64 {
    x.wrapping_mul(9).rotate_left(7)
}

pub fn step007(x: u64) -> u64 {
    x.wrapping_mul(10).rotate_left(8)
}

pub fn step008(x: u64) -> u64 {
    x.wrapping_mul(11).rotate_left(9)
}

pub fn step009(x: u64) -> u64 {
    x.wrapping_mul(12).rotate_left(10)
}

pub fn step010(x: u64) -> u64 {
    x.wrapping_mul(13).rotate_left(11)
}

pub fn step011(x: u64) -> u64 {
    x.wrapping_mul(14).rotate_left(12)
}

pub fn step012(x: u64) -> u64 {
    x.wrapping_mul(15).rotate_left(13)
}

pub fn step013(x: u64) -> u64 {
    x.wrapping_mul(16).rotate_left(14)
}

pub fn step014(x: u64) -> u64 {
    x.wrapping_mul(17).rotate_left(15)
}

pub fn step015(x: u64) -> u64 {
    x.wrapping_mul(18).rotate_left(16)
}

pub fn step016(x: u64) -> u64 {
    x.wrapping_mul(19).rotate_left(17)
}

pub fn step017(x: u64) -> u64 {
    x.wrapping_mul(20).rotate_left(18)
}

pub fn step018(x: u64) -> u64 {
    x.wrapping_mul(21).rotate_left(19)
}

pub fn step019(x: u64) -> u64 {
    x.wrapping_mul(22).rotate_left(20)
}

pub fn step020(x: u64) -> u64 {
    x.wrapping_mul(23).rotate_left(21)
}

pub fn step021(x: u64) -> u64 {
    x.wrapping_mul(24).rotate_left(22)
}

pub fn step022(x: u64) -> u64 {
    x.wrapping_mul(25).rotate_left(23)
}

pub fn step023(x: u64) -> u64 {
    x.wrapping_mul(26).rotate_left(24)
}

pub fn step024(x: u64) -> u64 {
    x.wrapping_mul(27).rotate_left(25)
}

pub fn step025(x: u64) -> u64 {
    x.wrapping_mul(28).rotate_left(26)
}

pub fn step026(x: u64) -> u64 {
    x.wrapping_mul(29).rotate_left(27)
}

pub fn step027(x: u64) -> u64 {
    x.wrapping_mul(30).rotate_left(28)
}

pub fn step028(x: u64) -> u64 {
    x.wrapping_mul(31).rotate_left(29)
}

pub fn step029(x: u64) -> u64 {
    x.wrapping_mul(32).rotate_left(30)
}

pub fn step030(x: u64) -> u64 {
    x.wrapping_mul(33).rotate_left(31)
}

pub fn step031(x: u64) -> u64 {
    x.wrapping_mul(34).rotate_left(1)
}

pub fn step032(x: u64) -> u64 {
    x.wrapping_mul(35).rotate_left(2)
}

pub fn step033(x: u64) -> u64 {
    x.wrapping_mul(36).rotate_left(3)
}

pub fn step034(x: u64) -> u64 {
    x.wrapping_mul(37).rotate_left(4)
}

pub fn step035(x: u64) -> u64 {
    x.wrapping_mul(38).rotate_left(5)
}

pub fn step036(x: u64) -> u64 {
    x.wrapping_mul(39).rotate_left(6)
}

pub fn step037(x: u64) -> u64 {
    x.wrapping_mul(40).rotate_left(7)
}

pub fn step038(x: u64) -> u64 {
    x.wrapping_mul(41).rotate_left(8)
}

pub fn step039(x: u64) -> u64 {
    x.wrapping_mul(42).rotate_left(9)
}

pub fn step040(x: u64) -> u64 {
    x.wrapping_mul(43).rotate_left(10)
}

pub fn step041(x: u64) -> u64 {
    x.wrapping_mul(44).rotate_left(11)
}

pub fn step042(x: u64) -> u64 {
    x.wrapping_mul(45).rotate_left(12)
}

pub fn step043(x: u64) -> u64 {
    x.wrapping_mul(46).rotate_left(13)
}

pub fn step044(x: u64) -> u64 {
    x.wrapping_mul(47).rotate_left(14)
}

pub fn step045(x: u64) -> u64 {
    x.wrapping_mul(48).rotate_left(15)
}

pub fn step046(x: u64) -> u64 {
    x.wrapping_mul(49).rotate_left(16)
}

pub fn step047(x: u64) -> u64 {
    x.wrapping_mul(50).rotate_left(17)
}

pub fn step048(x: u64) -> u64 {
    x.wrapping_mul(51).rotate_left(18)
}

pub fn step049(x: u64) -> u64 {
    x.wrapping_mul(52).rotate_left(19)
}

pub fn step050(x: u64) -> u64 {
    x.wrapping_mul(53).rotate_left(20)
}

pub fn step051(x: u64) -> u64 {
    x.wrapping_mul(54).rotate_left(21)
}

pub fn step052(x: u64) -> u64 {
    x.wrapping_mul(55).rotate_left(22)
}

pub fn step053(x: u64) -> u64 {
    x.wrapping_mul(56).rotate_left(23)
}

pub fn step054(x: u64) -> u64 {
    x.wrapping_mul(57).rotate_left(24)
}

pub fn step055(x: u64) -> u64 {
    x.wrapping_mul(58).rotate_left(25)
}

pub fn step056(x: u64) -> u64 {
    x.wrapping_mul(59).rotate_left(26)
}

pub fn step057(x: u64) -> u64 {
    x.wrapping_mul(60).rotate_left(27)
}

pub fn step058(x: u64) -> u64 {
    x.wrapping_mul(61).rotate_left(28)
}

pub fn step059(x: u64) -> u64 {
    x.wrapping_mul(62).rotate_left(29)
}

pub fn step060(x: u64) -> u64 {
    x.wrapping_mul(63).rotate_left(30)
}

pub fn step061(x: u64) -> u64 {
    x.wrapping_mul(64).rotate_left(31)
}

pub fn step062(x: u64) -> u64 {
    x.wrapping_mul(65).rotate_left(1)
}

pub fn step063(x: u64) -> u64 {
    x.wrapping_mul(66).rotate_left(2)
}

pub fn step064(x: u64) -> u64 {
    x.wrapping_mul(67).rotate_left(3)
}

pub fn step065(x: u64) -> u64 {
    x.wrapping_mul(68).rotate_left(4)
}

pub fn step066(x: u64) -> u64 {
    x.wrapping_mul(69).rotate_left(5)
}

pub fn step067(x: u64) -> u64 {
    x.wrapping_mul(70).rotate_left(6)
}

pub fn step068(x: u64) -> u64 {
    x.wrapping_mul(71).rotate_left(7)
}

pub fn step069(x: u64) -> u64 {
    x.wrapping_mul(72).rotate_left(8)
}

pub fn step070(x: u64) -> u64 {
    x.wrapping_mul(73).rotate_left(9)
}

pub fn step071(x: u64) -> u64 {
    x.wrapping_mul(74).rotate_left(10)
}

pub fn step072(x: u64) -> u64 {
    x.wrapping_mul(75).rotate_left(11)
}

pub fn step073(x: u64) -> u64 {
    x.wrapping_mul(76).rotate_left(12)
}

pub fn step074(x: u64) -> u64 {
    x.wrapping_mul(77).rotate_left(13)
}

pub fn step075(x: u64) -> u64 {
    x.wrapping_mul(78).rotate_left(14)
}

pub fn step076(x: u64) -> u64 {
    x.wrapping_mul(79).rotate_left(15)
}

pub fn step077(x: u64) -> u64 {
    x.wrapping_mul(80).rotate_left(16)
}

pub fn step078(x: u64) -> u64 {
    x.wrapping_mul(81).rotate_left(17)
}

pub fn step079(x: u64) -> u64 {
    x.wrapping_mul(82).rotate_left(18)
}

pub fn step080(x: u64) -> u64 {
    x.wrapping_mul(83).rotate_left(19)
}

pub fn step081(x: u64) -> u64 {
    x.wrapping_mul(84).rotate_left(20)
}

pub fn step082(x: u64) -> u64 {
    x.wrapping_mul(85).rotate_left(21)
}

pub fn step083(x: u64) -> u64 {
    x.wrapping_mul(86).rotate_left(22)
}

pub fn step084(x: u64) -> u64 {
    x.wrapping_mul(87).rotate_left(23)
}

pub fn step085(x: u64) -> u64 {
    x.wrapping_mul(88).rotate_left(24)
}

pub fn step086(x: u64) -> u64 {
    x.wrapping_mul(89).rotate_left(25)
}

pub fn step087(x: u64) -> u64 {
    x.wrapping_mul(90).rotate_left(26)
}

pub fn step088(x: u64) -> u64 {
    x.wrapping_mul(91).rotate_left(27)
}

pub fn step089(x: u64) -> u64 {
    x.wrapping_mul(92).rotate_left(28)
}

pub fn step090(x: u64) -> u64 {
    x.wrapping_mul(93).rotate_left(29)
}

pub fn step091(x: u64) -> u64 {
    x.wrapping_mul(94).rotate_left(30)
}

pub fn step092(x: u64) -> u64 {
    x.wrapping_mul(95).rotate_left(31)
}

pub fn step093(x: u64) -> u64 {
    x.wrapping_mul(96).rotate_left(1)
}

pub fn step094(x: u64) -> u64 {
    x.wrapping_mul(97).rotate_left(2)
}

pub fn step095(x: u64) -> u64 {
    x.wrapping_mul(98).rotate_left(3)
}

pub fn step096(x: u64) -> u64 {
    x.wrapping_mul(99).rotate_left(4)
}

pub fn step097(x: u64) -> u64 {
    x.wrapping_mul(100).rotate_left(5)
}

pub fn step098(x: u64) -> u64 {
    x.wrapping_mul(101).rotate_left(6)
}

pub fn step099(x: u64) -> u64 {
    x.wrapping_mul(102).rotate_left(7)
}

pub fn step100(x: u64) -> u64 {
    x.wrapping_mul(103).rotate_left(8)
}

pub fn step101(x: u64) -> u64 {
    x.wrapping_mul(104).rotate_left(9)
}

pub fn step102(x: u64) -> u64 {
    x.wrapping_mul(105).rotate_left(10)
}

pub fn step103(x: u64) -> u64 {
    x.wrapping_mul(106).rotate_left(11)
}

pub fn step104(x: u64) -> u64 {
    x.wrapping_mul(107).rotate_left(12)
}

pub fn step105(x: u64) -> u64 {
    x.wrapping_mul(108).rotate_left(13)
}

pub fn step106(x: u64) -> u64 {
    x.wrapping_mul(109).rotate_left(14)
}

pub fn step107(x: u64) -> u64 {
    x.wrapping_mul(110).rotate_left(15)
}

pub fn step108(x: u64) -> u64 {
    x.wrapping_mul(111).rotate_left(16)
}

pub fn step109(x: u64) -> u64 {
    x.wrapping_mul(112).rotate_left(17)
}

pub fn step110(x: u64) -> u64 {
    x.wrapping_mul(113).rotate_left(18)
}

pub fn step111(x: u64) -> u64 {
    x.wrapping_mul(114).rotate_left(19)
}

pub fn step112(x: u64) -> u64 {
    x.wrapping_mul(115).rotate_left(20)
}

pub fn step113(x: u64) -> u64 {
    x.wrapping_mul(116).rotate_left(21)
}

pub fn step114(x: u64) -> u64 {
    x.wrapping_mul(117).rotate_left(22)
}

pub fn step115(x: u64) -> u64 {
    x.wrapping_mul(118).rotate_left(23)
}

pub fn step116(x: u64) -> u64 {
    x.wrapping_mul(119).rotate_left(24)
}

pub fn step117(x: u64) -> u64 {
    x.wrapping_mul(120).rotate_left(25)
}

pub fn step118(x: u64) -> u64 {
    x.wrapping_mul(121).rotate_left(26)
}

pub fn step119(x: u64) -> u64 {
    x.wrapping_mul(122).rotate_left(27)
}

pub fn step120(x: u64) -> u64 {
    x.wrapping_mul(123).rotate_left(28)
}

pub fn step121(x: u64) -> u64 {
    x.wrapping_mul(124).rotate_left(29)
}

pub fn step122(x: u64) -> u64 {
    x.wrapping_mul(125).rotate_left(30)
}

pub fn step123(x: u64) -> u64 {
    x.wrapping_mul(126).rotate_left(31)
}

pub fn step124(x: u64) -> u64 {
    x.wrapping_mul(127).rotate_left(1)
}

pub fn step125(x: u64) -> u64 {
    x.wrapping_mul(128).rotate_left(2)
}

pub fn step126(x: u64) -> u64 {
    x.wrapping_mul(129).rotate_left(3)
}

pub fn step127(x: u64) -> u64 {
    x.wrapping_mul(130).rotate_left(4)
}

pub fn step128(x: u64) -> u64 {
    x.wrapping_mul(131).rotate_left(5)
}

pub fn step129(x: u64) -> u64 {
    x.wrapping_mul(132).rotate_left(6)
}

pub fn step130(x: u64) -> u64 {
    x.wrapping_mul(133).rotate_left(7)
}

pub fn step131(x: u64) -> u64 {
    x.wrapping_mul(134).rotate_left(8)
}

pub fn step132(x: u64) -> u64 {
    x.wrapping_mul(135).rotate_left(9)
}

pub fn step133(x: u64) -> u64 {
    x.wrapping_mul(136).rotate_left(10)
}

pub fn step134(x: u64) -> u64 {
    x.wrapping_mul(137).rotate_left(11)
}

pub fn step135(x: u64) -> u64 {
    x.wrapping_mul(138).rotate_left(12)
}

pub fn step136(x: u64) -> u64 {
    x.wrapping_mul(139).rotate_left(13)
}

pub fn step137(x: u64) -> u64 {
    x.wrapping_mul(140).rotate_left(14)
}

pub fn step138(x: u64) -> u64 {
    x.wrapping_mul(141).rotate_left(15)
}

pub fn step139(x: u64) -> u64 {
    x.wrapping_mul(142).rotate_left(16)
}

pub fn step140(x: u64) -> u64 {
    x.wrapping_mul(143).rotate_left(17)
}

pub fn step141(x: u64) -> u64 {
    x.wrapping_mul(144).rotate_left(18)
}

pub fn step142(x: u64) -> u64 {
    x.wrapping_mul(145).rotate_left(19)
}

pub fn step143(x: u64) -> u64 {
    x.wrapping_mul(146).rotate_left(20)
}

pub fn step144(x: u64) -> u64 {
    x.wrapping_mul(147).rotate_left(21)
}

pub fn step145(x: u64) -> u64 {
    x.wrapping_mul(148).rotate_left(22)
}

pub fn step146(x: u64) -> u64 {
    x.wrapping_mul(149).rotate_left(23)
}

pub fn step147(x: u64) -> u64 {
    x.wrapping_mul(150).rotate_left(24)
}

pub fn step148(x: u64) -> u64 {
    x.wrapping_mul(151).rotate_left(25)
}

pub fn step149(x: u64) -> u64 {
    x.wrapping_mul(152).rotate_left(26)
}

pub fn step150(x: u64) -> u64 {
    x.wrapping_mul(153).rotate_left(27)
}

pub fn step151(x: u64) -> u64 {
    x.wrapping_mul(154).rotate_left(28)
}

pub fn step152(x: u64) -> u64 {
    x.wrapping_mul(155).rotate_left(29)
}

pub fn step153(x: u64) -> u64 {
    x.wrapping_mul(156).rotate_left(30)
}

pub fn step154(x: u64) -> u64 {
    x.wrapping_mul(157).rotate_left(31)
}

pub fn step155(x: u64) -> u64 {
    x.wrapping_mul(158).rotate_left(1)
}

pub fn step156(x: u64) -> u64 {
    x.wrapping_mul(159).rotate_left(2)
}

pub fn step157(x: u64) -> u64 {
    x.wrapping_mul(160).rotate_left(3)
}

pub fn step158(x: u64) -> u64 {
    x.wrapping_mul(161).rotate_left(4)
}

pub fn step159(x: u64) -> u64 {
    x.wrapping_mul(162).rotate_left(5)
}

