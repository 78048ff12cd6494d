# SPDX-License-Identifier: GPL-3.0-or-later
"""A small Llama-style decoder in plain PyTorch, written the way Hugging Face
transformers' Llama code and PEFT's LoRA layers run a training step, so that
what autograd saves for backward can be measured op by op.

Pieces: token embedding; per layer RMSNorm -> q/k/v projections -> RoPE ->
attention (eager, "sdpa" or "flash") -> o_proj -> residual; RMSNorm -> SwiGLU
MLP (gate, up, down) -> residual; final RMSNorm, output head (tied or not),
fp32 cross-entropy. Optional LoRA adapters (A, B, dropout, scaling) beside the
targeted projections, written out as PEFT runs them.

torch 1.13 (Debian 12's python3-torch) has no F.scaled_dot_product_attention,
so the memory-efficient kernels are modelled by MemoryEfficientAttention below:
a custom autograd function that computes attention in query chunks and keeps
exactly what FlashAttention-2 and PyTorch's memory-efficient SDPA kernel keep
for backward (q, k, v, the output and one fp32 log-sum-exp per head and query;
dropout is regenerated from a seed, so no mask is kept). Its backward
recomputes the probabilities.
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

# Which part of the model the op that saves a tensor belongs to (read by the
# measuring hook in measure.py).
CURRENT_PART = ["other"]


def set_part(name):
    CURRENT_PART[0] = name


class RMSNorm(nn.Module):
    """transformers' LlamaRMSNorm: the statistics in fp32, the result cast back."""

    def __init__(self, hidden, dtype):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden, dtype=dtype))
        self.eps = 1e-6

    def forward(self, x):
        dtype = x.dtype
        x32 = x.to(torch.float32)
        variance = x32.pow(2).mean(-1, keepdim=True)
        x32 = x32 * torch.rsqrt(variance + self.eps)
        return self.weight * x32.to(dtype)


class LoraLinear(nn.Module):
    """A frozen (or trainable) linear layer and, with rank > 0, PEFT's adapter:
    result = base(x) + B(A(dropout(x))) * alpha / r. PEFT uses nn.Identity when
    lora_dropout is 0."""

    def __init__(self, inp, out, dtype, rank, dropout, train_base):
        super().__init__()
        self.base = nn.Linear(inp, out, bias=False, dtype=dtype)
        self.base.weight.requires_grad_(train_base)
        self.rank = rank
        if rank:
            self.lora_A = nn.Linear(inp, rank, bias=False, dtype=dtype)
            self.lora_B = nn.Linear(rank, out, bias=False, dtype=dtype)
            nn.init.normal_(self.lora_B.weight, std=0.02)  # non-zero so gradients are real
            self.drop = nn.Dropout(dropout) if dropout > 0 else nn.Identity()
            self.scaling = 2.0

    def forward(self, x):
        result = self.base(x)
        if self.rank:
            result = result + self.lora_B(self.lora_A(self.drop(x))) * self.scaling
        return result


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def repeat_kv(x, n_rep):
    """transformers' repeat_kv: expand the key/value heads to the query heads (a copy when n_rep > 1)."""
    if n_rep == 1:
        return x
    b, h, s, d = x.shape
    return x[:, :, None, :, :].expand(b, h, n_rep, s, d).reshape(b, h * n_rep, s, d)


class MemoryEfficientAttention(torch.autograd.Function):
    """Causal attention that keeps q, k, v, out and an fp32 log-sum-exp per head
    and query, as the fused kernels do. q: (b, hq, s, d); k, v: (b, hkv, s, d)
    with hq a multiple of hkv (FlashAttention-2 reads grouped heads directly).
    The output is (b, s, hq, d) when `seq_major` (FlashAttention's layout) else
    (b, hq, s, d) (SDPA's)."""

    CHUNK = 16

    @staticmethod
    def _probs(q, k, start, stop, scale):
        rep = q.shape[1] // k.shape[1]
        kk = k.repeat_interleave(rep, dim=1) if rep > 1 else k
        scores = (q[:, :, start:stop].float() @ kk.float().transpose(-1, -2)) * scale
        rows = torch.arange(start, stop).unsqueeze(1)
        cols = torch.arange(k.shape[2]).unsqueeze(0)
        return scores.masked_fill(cols > rows, float("-inf"))

    @staticmethod
    def forward(ctx, q, k, v, dropout, seed, seq_major):
        b, hq, s, d = q.shape
        scale = 1.0 / math.sqrt(d)
        rep = hq // k.shape[1]
        vv = v.repeat_interleave(rep, dim=1).float() if rep > 1 else v.float()
        out = torch.empty(b, hq, s, d, dtype=torch.float32)
        lse = torch.empty(b, hq, s, dtype=torch.float32)
        gen = torch.Generator().manual_seed(seed)
        for start in range(0, s, MemoryEfficientAttention.CHUNK):
            stop = min(s, start + MemoryEfficientAttention.CHUNK)
            scores = MemoryEfficientAttention._probs(q, k, start, stop, scale)
            lse[:, :, start:stop] = torch.logsumexp(scores, dim=-1)
            p = torch.exp(scores - lse[:, :, start:stop, None])
            if dropout > 0:
                p = p * (torch.rand(p.shape, generator=gen) >= dropout) / (1 - dropout)
            out[:, :, start:stop] = p @ vv
        out = out.to(q.dtype)
        if seq_major:
            out = out.transpose(1, 2).contiguous()
        ctx.save_for_backward(q, k, v, out, lse)
        ctx.dropout, ctx.seed, ctx.seq_major, ctx.scale = dropout, seed, seq_major, scale
        return out

    @staticmethod
    def backward(ctx, grad_out):
        q, k, v, out, lse = ctx.saved_tensors
        if ctx.seq_major:
            grad_out = grad_out.transpose(1, 2)
        # Recompute the probabilities in full (memory does not matter here, only what was saved).
        with torch.enable_grad():
            qq, kk, vv = (t.detach().float().requires_grad_() for t in (q, k, v))
            rep = qq.shape[1] // kk.shape[1]
            k2 = kk.repeat_interleave(rep, dim=1) if rep > 1 else kk
            v2 = vv.repeat_interleave(rep, dim=1) if rep > 1 else vv
            s = qq.shape[2]
            scores = (qq @ k2.transpose(-1, -2)) * ctx.scale
            mask = torch.ones(s, s, dtype=torch.bool).triu(1)
            p = torch.softmax(scores.masked_fill(mask, float("-inf")), dim=-1)
            o = p @ v2
            gq, gk, gv = torch.autograd.grad(o, (qq, kk, vv), grad_out.float())
        return gq.to(q.dtype), gk.to(k.dtype), gv.to(v.dtype), None, None, None


class Attention(nn.Module):
    def __init__(self, cfg, dtype):
        super().__init__()
        self.cfg = cfg
        h, nh, nkv, d = cfg["hidden"], cfg["heads"], cfg["kv_heads"], cfg["hidden"] // cfg["heads"]
        r, p, targets = cfg["lora_rank"], cfg["lora_dropout"], cfg["lora_targets"]
        train = cfg["lora_rank"] == 0

        def proj(name, inp, out):
            return LoraLinear(inp, out, dtype, r if name in targets else 0, p, train)

        self.q_proj = proj("q", h, nh * d)
        self.k_proj = proj("k", h, nkv * d)
        self.v_proj = proj("v", h, nkv * d)
        self.o_proj = proj("o", nh * d, h)
        self.nh, self.nkv, self.d = nh, nkv, d

    def forward(self, x, cos, sin, mask):
        b, s, _ = x.shape
        q = self.q_proj(x).view(b, s, self.nh, self.d).transpose(1, 2)
        k = self.k_proj(x).view(b, s, self.nkv, self.d).transpose(1, 2)
        v = self.v_proj(x).view(b, s, self.nkv, self.d).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        impl, drop = self.cfg["attention"], self.cfg["attention_dropout"] if self.training else 0.0
        if impl == "eager":
            # transformers' eager_attention_forward
            rep = self.nh // self.nkv
            k, v = repeat_kv(k, rep), repeat_kv(v, rep)
            scores = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(self.d)
            scores = scores + mask
            probs = F.softmax(scores, dim=-1, dtype=torch.float32).to(q.dtype)
            probs = F.dropout(probs, p=drop, training=self.training)
            out = torch.matmul(probs, v).transpose(1, 2).contiguous()
        elif impl == "sdpa":
            # transformers' sdpa_attention_forward on torch < 2.5 expands K/V first, then
            # transposes the (b, h, s, d) result and makes it contiguous.
            rep = self.nh // self.nkv
            k, v = repeat_kv(k, rep), repeat_kv(v, rep)
            out = MemoryEfficientAttention.apply(q, k, v, drop, 1234, False)
            out = out.transpose(1, 2).contiguous()
        else:  # flash: grouped K/V read directly, (b, s, h, d) output
            out = MemoryEfficientAttention.apply(q, k, v, drop, 1234, True)
        return self.o_proj(out.reshape(b, s, self.nh * self.d))


class Mlp(nn.Module):
    def __init__(self, cfg, dtype):
        super().__init__()
        h, f = cfg["hidden"], cfg["ffn"]
        r, p, targets = cfg["lora_rank"], cfg["lora_dropout"], cfg["lora_targets"]
        train = cfg["lora_rank"] == 0
        self.gate_proj = LoraLinear(h, f, dtype, r if "gate" in targets else 0, p, train)
        self.up_proj = LoraLinear(h, f, dtype, r if "up" in targets else 0, p, train)
        self.down_proj = LoraLinear(f, h, dtype, r if "down" in targets else 0, p, train)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class Layer(nn.Module):
    def __init__(self, cfg, dtype):
        super().__init__()
        self.input_layernorm = RMSNorm(cfg["hidden"], dtype)
        self.self_attn = Attention(cfg, dtype)
        self.post_attention_layernorm = RMSNorm(cfg["hidden"], dtype)
        self.mlp = Mlp(cfg, dtype)
        if cfg["lora_rank"]:
            for n in (self.input_layernorm, self.post_attention_layernorm):
                n.weight.requires_grad_(False)

    def forward(self, x, cos, sin, mask):
        set_part("layer")
        x = x + self.self_attn(self.input_layernorm(x), cos, sin, mask)
        x = x + self.mlp(self.post_attention_layernorm(x))
        return x


class Decoder(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        dtype = torch.bfloat16 if cfg["dtype"] == "bf16" else torch.float32
        self.cfg, self.dtype = cfg, dtype
        h, d = cfg["hidden"], cfg["hidden"] // cfg["heads"]
        self.embed_tokens = nn.Embedding(cfg["vocab"], h, dtype=dtype)
        self.layers = nn.ModuleList(Layer(cfg, dtype) for _ in range(cfg["layers"]))
        self.norm = RMSNorm(h, dtype)
        self.lm_head = nn.Linear(h, cfg["vocab"], bias=False, dtype=dtype)
        if cfg["tied"]:
            self.lm_head.weight = self.embed_tokens.weight
        self.register_buffer("inv_freq", 1.0 / (10000 ** (torch.arange(0, d, 2).float() / d)), persistent=False)
        if cfg["lora_rank"]:
            # PEFT freezes everything but the adapters (norms, embedding and head included).
            for n, p in self.named_parameters():
                if "lora_" not in n:
                    p.requires_grad_(False)
            # What PeftModel's enable_input_require_grads does for checkpointing: the
            # embedding output requires grad so the reentrant checkpoint has a graph.
            self.embed_tokens.register_forward_hook(lambda m, i, o: o.requires_grad_(True))

    @staticmethod
    def _checkpointed(layer):
        # The reentrant checkpoint saves the layer's tensor inputs after the layer ran.
        def run(*args):
            out = layer(*args)
            set_part("checkpoint")
            return out

        return run

    def forward(self, ids, labels):
        b, s = ids.shape
        set_part("embedding")
        x = self.embed_tokens(ids)
        pos = torch.arange(s, dtype=torch.float32)
        freqs = torch.outer(pos, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos().to(self.dtype), emb.sin().to(self.dtype)
        mask = None
        if self.cfg["attention"] == "eager":
            # transformers' 4D additive causal mask, in the model's dtype
            mask = torch.full((s, s), torch.finfo(self.dtype).min, dtype=self.dtype).triu(1)
            mask = mask[None, None].expand(b, 1, s, s).contiguous()
        for layer in self.layers:
            if self.cfg["checkpointing"] == "full":
                x = checkpoint(self._checkpointed(layer), x, cos, sin, mask, use_reentrant=True)
            else:
                x = layer(x, cos, sin, mask)
        set_part("head")
        x = self.norm(x)
        logits = self.lm_head(x)
        # transformers' ForCausalLMLoss: fp32 upcast, labels shifted (logits are not copied).
        logits = logits.float()
        shifted = F.pad(labels, (0, 1), value=-100)[..., 1:]
        loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), shifted.reshape(-1), ignore_index=-100)
        return loss
